import { Quote } from "lucide-react";
import { testimonials } from "@site/content/data/testimonials";
import { GenericAvatar } from "./generic-avatar";

export function TestimonialList() {
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {testimonials.map((t) => (
        <li key={t.name} className="flex flex-col rounded-2xl bg-white p-7 shadow-sm ring-1 ring-slate-200">
          <Quote aria-hidden="true" className="size-8 text-brand-600" />
          <figure className="mt-4 flex flex-1 flex-col">
            <blockquote className="flex-1 text-slate-700">
              <p>{t.content}</p>
            </blockquote>
            <figcaption className="mt-6 flex items-center gap-4">
              <GenericAvatar />
              <span>
                <span className="block font-semibold text-ink">{t.name}</span>
                <span className="block text-sm text-slate-600">{t.role}</span>
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
