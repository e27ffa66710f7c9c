import { Fragment } from "react";

const URL_PATTERN = /(https?:\/\/[^\s<>"')]+[^\s<>"').,;:!?])/g;

/** URLs in error text become links (opened in a new tab). */
export function Linkify({ text }: { text: string }) {
  let offset = 0;
  const parts = text.split(URL_PATTERN).map((part, i) => {
    const at = offset;
    offset += part.length;
    return { part, isUrl: i % 2 === 1, key: `${at}` };
  });
  return (
    <>
      {parts.map(({ part, isUrl, key }) =>
        isUrl ? (
          <a key={key} href={part} target="_blank" rel="noopener noreferrer">
            {part}
          </a>
        ) : (
          <Fragment key={key}>{part}</Fragment>
        ),
      )}
    </>
  );
}
