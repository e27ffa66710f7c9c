import type { FastifyInstance } from "fastify";
import { PUBLIC } from "../auth/access.ts";
import { AppError } from "../errors.ts";
import type { BlogPost } from "./posts.ts";

/** GET /api/blog (all posts, newest first) and GET /api/blog/{slug}; public, like the landing page. */
export function blogRoutes(app: FastifyInstance, deps: { posts: BlogPost[] }) {
  const bySlug = new Map(deps.posts.map((p) => [p.slug, p]));
  app.get("/api/blog", PUBLIC, async (_request, reply) => {
    reply.header("Cache-Control", "public, max-age=300");
    return deps.posts;
  });
  app.get<{ Params: { slug: string } }>("/api/blog/:slug", PUBLIC, async (request, reply) => {
    const post = bySlug.get(request.params.slug);
    if (!post) throw new AppError("post_not_found", "This blog post does not exist.");
    reply.header("Cache-Control", "public, max-age=300");
    return post;
  });
}
