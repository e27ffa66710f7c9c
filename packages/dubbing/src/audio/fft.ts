// A complex FFT whose tables are computed once per size (the separation's STFT, the pitch tracker, the MFCCs).

/** In-place radix-2 complex FFT of a fixed size, tables computed once. */
export class Fft {
  readonly n: number;
  #rev: Uint32Array;
  #cos: Float64Array;
  #sin: Float64Array;

  constructor(n: number) {
    if (n < 2 || (n & (n - 1)) !== 0) throw new Error(`FFT size ${n} is not a power of two`);
    this.n = n;
    this.#rev = new Uint32Array(n);
    const bits = Math.log2(n);
    for (let i = 0; i < n; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      this.#rev[i] = r;
    }
    this.#cos = new Float64Array(n / 2);
    this.#sin = new Float64Array(n / 2);
    for (let k = 0; k < n / 2; k++) {
      this.#cos[k] = Math.cos((2 * Math.PI * k) / n);
      this.#sin[k] = -Math.sin((2 * Math.PI * k) / n);
    }
  }

  /** Forward transform, or the inverse (scaled by 1/n) with `inverse`. */
  transform(re: Float64Array, im: Float64Array, inverse = false): void {
    const n = this.n;
    const rev = this.#rev;
    for (let i = 0; i < n; i++) {
      const j = rev[i] as number;
      if (i < j) {
        const tr = re[i] as number;
        re[i] = re[j] as number;
        re[j] = tr;
        const ti = im[i] as number;
        im[i] = im[j] as number;
        im[j] = ti;
      }
    }
    const sign = inverse ? -1 : 1;
    for (let len = 2; len <= n; len <<= 1) {
      const half = len >> 1;
      const step = n / len;
      for (let i = 0; i < n; i += len) {
        for (let k = 0; k < half; k++) {
          const wr = this.#cos[k * step] as number;
          const wi = sign * (this.#sin[k * step] as number);
          const a = i + k;
          const b = a + half;
          const xr = (re[b] as number) * wr - (im[b] as number) * wi;
          const xi = (re[b] as number) * wi + (im[b] as number) * wr;
          re[b] = (re[a] as number) - xr;
          im[b] = (im[a] as number) - xi;
          re[a] = (re[a] as number) + xr;
          im[a] = (im[a] as number) + xi;
        }
      }
    }
    if (inverse) {
      const s = 1 / n;
      for (let i = 0; i < n; i++) {
        re[i] = (re[i] as number) * s;
        im[i] = (im[i] as number) * s;
      }
    }
  }
}
