import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { useEffect } from "react";

/** What the carousel shell needs from the engine. */
export interface CarouselApi {
  play: () => void;
  stop: () => void;
  next: () => void;
  prev: () => void;
}

export interface EngineProps {
  viewportRef: React.RefObject<HTMLDivElement | null>;
  onReady: (api: CarouselApi | null) => void;
  onSelect: (index: number) => void;
}

/** Spec §9: autoplay every 3 s. */
const AUTOPLAY_DELAY_MS = 3000;

/** Attaches Embla and its autoplay plugin to the prerendered slides; renders nothing itself. */
export default function WhyChooseEngine({ viewportRef, onReady, onSelect }: EngineProps) {
  const [emblaRef, embla] = useEmblaCarousel({ loop: true, align: "start" }, [
    Autoplay({
      delay: AUTOPLAY_DELAY_MS,
      playOnInit: false,
      stopOnInteraction: false,
      stopOnMouseEnter: false,
      stopOnFocusIn: false,
    }),
  ]);

  useEffect(() => {
    emblaRef(viewportRef.current);
    return () => emblaRef(null);
  }, [emblaRef, viewportRef]);

  useEffect(() => {
    if (!embla) return;
    const autoplay = () => embla.plugins().autoplay;
    const select = () => onSelect(embla.selectedScrollSnap());
    select();
    embla.on("select", select);
    onReady({
      play: () => autoplay()?.play(),
      stop: () => autoplay()?.stop(),
      next: () => {
        embla.scrollNext();
        autoplay()?.reset();
      },
      prev: () => {
        embla.scrollPrev();
        autoplay()?.reset();
      },
    });
    return () => {
      embla.off("select", select);
      onReady(null);
    };
  }, [embla, onReady, onSelect]);

  return null;
}
