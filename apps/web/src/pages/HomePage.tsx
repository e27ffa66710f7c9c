import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../api/client.ts";

interface Health {
  status: string;
  mode: string;
  db: string;
  storage: string;
  queue: string;
}

export function HomePage() {
  const health = useQuery({ queryKey: ["health"], queryFn: () => apiFetch<Health>("/api/health") });
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col justify-center gap-6 px-6">
      <h1 className="text-4xl font-bold tracking-tight">Break Language Barriers Boost Engagement</h1>
      <p className="text-lg text-slate-600">Dub your videos into 20+ languages with lifelike AI voices.</p>
      <p className="text-sm text-slate-500" aria-live="polite" data-testid="health">
        {health.isPending && "Checking the service…"}
        {health.isError && "The service is not reachable."}
        {health.data && `Service ${health.data.status} (${health.data.mode} mode)`}
      </p>
    </main>
  );
}
