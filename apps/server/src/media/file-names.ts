// File names cross two encodings: browsers escape `"`, CR and LF in a multipart upload's filename as %22,
// %0D and %0A (HTML's form encoding), and a download's Content-Disposition needs an ASCII fallback plus the
// real name in RFC 6266 / 5987 form.

/** The name the user's file had, from a multipart filename: the browser's escapes undone, line breaks out. */
export function uploadedFileName(raw: string | undefined): string {
  const name = (raw ?? "")
    .replace(/%22/g, '"')
    .replace(/%0[ad]/gi, " ")
    .replace(/[\r\n]/g, " ")
    .trim()
    .slice(0, 255);
  return name || "video";
}

/** A Content-Disposition for downloading under `name`, any language or punctuation kept. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\w.() -]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Pure: the file name a link's video is kept under (the last part of its path, or "video"). */
export function fileNameOfLink(link: string): string {
  try {
    const last = decodeURIComponent(new URL(link).pathname.split("/").pop() ?? "");
    return uploadedFileName(last.replace(/[^\w.() -]/g, "_"));
  } catch {
    return "video";
  }
}
