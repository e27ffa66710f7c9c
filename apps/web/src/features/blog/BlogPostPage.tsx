import { Link, useParams } from "react-router";
import { ApiError } from "../../api/client.ts";
import { LoadingState } from "../../components/Spinner.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { SiteFooter } from "../site/SiteFooter.tsx";
import { SiteHeader } from "../site/SiteHeader.tsx";
import { formatDate, useBlogPost } from "./api.ts";

export default function BlogPostPage() {
  const { slug = "" } = useParams();
  const post = useBlogPost(slug);
  usePageTitle(post.data?.title ?? "Our Blog");
  const notFound = post.error instanceof ApiError && post.error.status === 404;
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <div className="border-b border-slate-200">
        <SiteHeader />
      </div>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-12 sm:px-6">
        <Link to="/blog" className="text-sm font-semibold text-indigo-600 hover:underline">
          ← Our Blog
        </Link>
        {post.isPending && <LoadingState label="Loading post..." />}
        {post.isError && (
          <p role="alert" className="mt-8 rounded-lg bg-red-50 p-4 text-red-800">
            {notFound ? "This post does not exist." : "Failed to load the post. Please try again later."}
          </p>
        )}
        {post.data && (
          <article className="mt-6">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              {post.data.title}
            </h1>
            <p className="mt-3 text-sm text-slate-500">
              {post.data.author} ·{" "}
              <time dateTime={post.data.publicationDate}>{formatDate(post.data.publicationDate)}</time>
            </p>
            {post.data.html ? (
              <div
                className="mt-8 text-lg leading-8 text-slate-700 [&_a]:text-indigo-600 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-4 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900 [&_img]:rounded-xl [&_li]:ml-6 [&_ol]:list-decimal [&_p]:mt-5 [&_ul]:list-disc [&_ul]:mt-5 [&_ol]:mt-5 [&_li]:mt-2 [&_table]:mt-6 [&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:border-collapse [&_table]:text-base sm:[&_table]:table [&_th]:border-b [&_th]:border-slate-300 [&_th]:py-2 [&_th]:pr-6 [&_th]:text-left [&_th]:font-semibold [&_th]:text-slate-900 [&_td]:border-b [&_td]:border-slate-100 [&_td]:py-2 [&_td]:pr-6 [&_td]:align-top"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the server renders the post from Markdown with raw HTML escaped and unsafe links removed
                dangerouslySetInnerHTML={{ __html: post.data.html }}
              />
            ) : (
              <div className="mt-8 space-y-5 text-lg leading-8 text-slate-700">
                {post.data.content.split(/\n{2,}/).map((para, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of fixed text
                  <p key={i} className="whitespace-pre-line">
                    {para}
                  </p>
                ))}
              </div>
            )}
          </article>
        )}
      </main>
      <SiteFooter />
    </div>
  );
}
