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
            <div className="mt-8 space-y-5 text-lg leading-8 text-slate-700">
              {post.data.content.split(/\n{2,}/).map((para, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of fixed text
                <p key={i} className="whitespace-pre-line">
                  {para}
                </p>
              ))}
            </div>
          </article>
        )}
      </main>
      <SiteFooter />
    </div>
  );
}
