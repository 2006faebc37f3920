import { home } from "@site/content/data/home";
import { IconBadge } from "./icons";

export function ProcessSteps() {
  return (
    <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {home.process.steps.map((step, i) => (
        <li key={step.title} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="flex items-center justify-between">
            <IconBadge name={step.icon} />
            <span aria-hidden="true" className="text-4xl font-bold text-blue-500">
              {String(i + 1).padStart(2, "0")}
            </span>
          </div>
          <h3 className="mt-5 text-lg font-semibold text-ink">
            <span className="sr-only">Step {i + 1}: </span>
            {step.title}
          </h3>
          <p className="mt-2 text-slate-600">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}
