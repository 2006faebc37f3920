import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { type ComponentType, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { whyChoose } from "@site/content/data/why-choose";
import type { CarouselApi, EngineProps } from "./why-choose-engine";
import { IconBadge } from "./icons";

/**
 * The Embla engine is not part of the first load: it is imported when the carousel nears the
 * viewport. (A plain dynamic import rather than React.lazy: no Suspense boundary is needed for a
 * component that renders nothing.)
 */
function useEngine(load: boolean) {
  const [Engine, setEngine] = useState<ComponentType<EngineProps> | null>(null);
  useEffect(() => {
    if (!load) return;
    let active = true;
    void import("./why-choose-engine").then((m) => {
      if (active) setEngine(() => m.default);
    });
    return () => {
      active = false;
    };
  }, [load]);
  return Engine;
}

const controlClass =
  "inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-ink shadow-sm transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50";

function usePrefersReducedMotion() {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return reduced;
}

/** Loads the engine once the region is within 300 px of the viewport. */
function useNearViewport(ref: React.RefObject<HTMLElement | null>) {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    if (!("IntersectionObserver" in window)) {
      setNear(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: "300px 0px" },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, near]);
  return near;
}

/**
 * 'Why choose' carousel (WAI-ARIA APG carousel pattern). All slides are prerendered as HTML; the
 * Embla engine adds sliding and autoplay (3 s) after hydration. Rotation pauses while the pointer is
 * over the carousel or keyboard focus is inside it, and never starts on its own under
 * prefers-reduced-motion.
 */
export function WhyChooseCarousel({ labelledBy }: { labelledBy: string }) {
  const regionRef = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const rotationRef = useRef<HTMLButtonElement>(null);
  const near = useNearViewport(regionRef);
  const Engine = useEngine(near);
  const reducedMotion = usePrefersReducedMotion();
  const [api, setApi] = useState<CarouselApi | null>(null);
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [selected, setSelected] = useState(0);

  // Under reduced motion the carousel starts paused; the user may still start it with the button.
  const paused = userPaused ?? reducedMotion;
  const playing = api !== null && !paused && !hovered && !focused;

  // In the commit, with the data-playing it renders: Preact runs effects a frame later than React, and
  // the rotation must not run on (or stay stopped) while the region already says otherwise.
  useLayoutEffect(() => {
    if (!api) return;
    if (playing) api.play();
    else api.stop();
  }, [api, playing]);

  const onSelect = useCallback((index: number) => setSelected(index), []);

  const onFocus = (e: React.FocusEvent) => {
    const target = e.target as HTMLElement;
    if (target === rotationRef.current) return;
    if (target.matches(":focus-visible")) setFocused(true);
  };
  const onBlur = (e: React.FocusEvent) => {
    const next = e.relatedTarget as Node | null;
    if (!next || !regionRef.current?.contains(next) || next === rotationRef.current) setFocused(false);
  };

  const { reasons } = whyChoose;
  const total = reasons.length;
  return (
    <div
      ref={regionRef}
      role="region"
      aria-roledescription="carousel"
      aria-labelledby={labelledBy}
      data-carousel-ready={api ? "true" : "false"}
      data-playing={playing ? "true" : "false"}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div className="mb-6 flex items-center justify-end gap-2">
        <button
          ref={rotationRef}
          type="button"
          className={controlClass}
          onClick={() => setUserPaused(!paused)}
          aria-label={paused ? "Start automatic slide show" : "Stop automatic slide show"}
          disabled={!api}
        >
          {paused ? (
            <Play aria-hidden="true" className="size-5" />
          ) : (
            <Pause aria-hidden="true" className="size-5" />
          )}
        </button>
        <button
          type="button"
          className={controlClass}
          onClick={() => api?.prev()}
          aria-label="Previous slide"
          aria-controls="why-choose-slides"
          disabled={!api}
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <button
          type="button"
          className={controlClass}
          onClick={() => api?.next()}
          aria-label="Next slide"
          aria-controls="why-choose-slides"
          disabled={!api}
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div ref={viewportRef} className="overflow-hidden" data-carousel-viewport="">
        <div id="why-choose-slides" className="-ml-6 flex touch-pan-y" aria-live={playing ? "off" : "polite"}>
          {reasons.map((r, i) => (
            <div
              key={r.title}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${total}`}
              data-slide-index={i}
              data-selected={api && selected === i ? "true" : undefined}
              className="min-w-0 shrink-0 grow-0 basis-full pl-6 md:basis-1/2 lg:basis-1/3"
            >
              <div className="h-full rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
                <IconBadge name={r.icon} />
                <h3 className="mt-5 text-lg font-semibold text-ink">{r.title}</h3>
                <p className="mt-2 text-slate-600">{r.description}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
      {Engine && <Engine viewportRef={viewportRef} onReady={setApi} onSelect={onSelect} />}
    </div>
  );
}
