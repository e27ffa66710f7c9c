import { Link } from "react-router";
import { LoadingState } from "../../components/Spinner.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { SiteFooter } from "../site/SiteFooter.tsx";
import { SiteHeader } from "../site/SiteHeader.tsx";
import { formatDate, useBlogPosts } from "./api.ts";
import { excerpt } from "./excerpt.ts";
import { markdownToText } from "./plain-text.ts";

export default function BlogListPage() {
  usePageTitle("Our Blog");
  const posts = useBlogPosts();
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <div className="border-b border-slate-200 bg-white">
        <SiteHeader />
      </div>
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-12 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Our Blog</h1>
        <p className="mt-2 text-slate-600">Guides and news about dubbing and reaching a global audience.</p>
        <div className="mt-10">
          {posts.isPending && <LoadingState label="Loading posts..." />}
          {posts.isError && (
            <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
              Failed to load the blog. Please try again later.
            </p>
          )}
          {posts.data?.length === 0 && (
            <p className="rounded-lg bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">
              No posts yet.
            </p>
          )}
          {posts.data && posts.data.length > 0 && (
            <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {posts.data.map((post) => (
                <li key={post.slug}>
                  <article className="relative flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md">
                    <h2 className="text-lg font-semibold text-slate-900">
                      <Link
                        to={`/blog/${post.slug}`}
                        className="after:absolute after:inset-0 hover:text-indigo-700"
                      >
                        {post.title}
                      </Link>
                    </h2>
                    <p className="mt-3 flex-1 text-sm text-slate-600">
                      {excerpt(markdownToText(post.content))}
                    </p>
                    <p className="mt-4 text-xs text-slate-500">
                      <span>{post.author}</span> ·{" "}
                      <time dateTime={post.publicationDate}>{formatDate(post.publicationDate)}</time>
                    </p>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
