/** Reads a project's Server-Sent Events stream until `until` returns true for an event (or times out). */
export async function waitForEvent(
  baseUrl: string,
  cookie: string,
  projectId: string,
  until: (event: {
    kind: string;
    status: string;
    percent: number;
    language: string | null;
    message: string;
  }) => boolean,
  timeoutMs = 120_000,
) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const seen: Array<Record<string, any>> = [];
  try {
    const res = await fetch(`${baseUrl}/api/video/${projectId}/events`, {
      headers: { cookie, accept: "text/event-stream" },
      signal: controller.signal,
    });
    if (res.headers.get("content-type")?.startsWith("text/event-stream") !== true) {
      throw new Error(`not an event stream: ${res.status}`);
    }
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the event stream ended");
      buffer += value;
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf("\n\n");
        const data = block.split("\n").find((l) => l.startsWith("data: "));
        if (!block.includes("event: progress") || !data) continue;
        const event = JSON.parse(data.slice(6));
        seen.push(event);
        if (until(event)) return seen;
      }
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
