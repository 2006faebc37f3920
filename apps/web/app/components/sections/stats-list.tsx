import { stats } from "@site/content/data/stats";

/** The four company statistics as a definition-style list. */
export function StatsList({ tone = "dark" }: { tone?: "dark" | "light" }) {
  const box = tone === "dark" ? "bg-white/10 ring-white/15" : "bg-white ring-slate-200 shadow-sm";
  const value = tone === "dark" ? "text-white" : "text-brand-700";
  const label = tone === "dark" ? "text-blue-100" : "text-slate-600";
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {stats.map((s) => (
        <li key={s.label} className={`rounded-2xl p-5 text-center ring-1 ${box}`}>
          <p className={`text-3xl font-bold sm:text-4xl ${value}`}>{s.value}</p>
          <p className={`mt-1 text-sm font-medium ${label}`}>{s.label}</p>
        </li>
      ))}
    </ul>
  );
}
