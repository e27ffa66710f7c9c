// The dub's mixing rate, below both the pipeline and the separation that produce audio at it.

/**
 * The mix's sample rate: 44.1 kHz, an exact 2× of espeak-ng's 22.05 kHz, so that the clips' resampling
 * is cheap (half the samples are copies); the original audio is resampled by ffmpeg while the TTS runs.
 */
export const MIX_RATE = 44_100;
