import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../api/client.ts";
import type { BlogPost } from "../../api/types.ts";

export function useBlogPosts() {
  return useQuery({ queryKey: ["blog"], queryFn: () => apiFetch<BlogPost[]>("/api/blog") });
}

export function useBlogPost(slug: string) {
  return useQuery({
    queryKey: ["blog", slug],
    queryFn: () => apiFetch<BlogPost>(`/api/blog/${encodeURIComponent(slug)}`),
    retry: false,
  });
}

export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
}
