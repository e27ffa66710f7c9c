import { Linkify } from "./Linkify.tsx";

/** An error under a field or a form; announced by screen readers as it appears (role="alert"). */
export function ErrorText({ id, message }: { id?: string | undefined; message: string | null | undefined }) {
  return (
    <div role="alert" id={id} aria-live="assertive">
      {message ? (
        <p className="dbsw-error-text">
          <Linkify text={message} />
        </p>
      ) : null}
    </div>
  );
}
