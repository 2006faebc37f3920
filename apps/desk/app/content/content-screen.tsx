import type { Route } from "./+types/content-screen";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Content · Lead desk" }];
}

/** The Content screen: the editor, framed (its own document and CSP), and publishing. */
export default function ContentScreen() {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Content</h1>
      <iframe
        title="Content editor"
        src="/keystatic"
        className="h-[calc(100vh-12rem)] min-h-[32rem] w-full rounded-xl border border-slate-200 bg-white"
      />
    </div>
  );
}
