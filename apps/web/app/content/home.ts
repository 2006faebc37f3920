/** Copy of the home page (spec §1, §2 'Home page sections, in order'). */
export const home = {
  hero: {
    eyebrow: "IT consulting · Software · Hardware · Internet services",
    title: "Your Trusted Enterprise Solutions Provider",
    intro:
      "Since 2014 we have helped businesses plan, build, secure and support the technology they depend on, from custom software and mobile apps to networks, CCTV and business email.",
    primary: { label: "Get Started", href: "/services" },
    secondary: { label: "Learn More", srSuffix: " about our company", href: "/about" },
  },
  services: {
    eyebrow: "Our Services",
    title: "What We Offer",
    intro:
      "Eight practical services that cover the technology a growing organisation needs, delivered by one accountable team.",
    more: { label: "Explore All Services", href: "/services" },
  },
  packages: {
    eyebrow: "Fixed prices",
    title: "Web Development Packages",
    intro:
      "Clear, one-time prices for a professional website. Every package is responsive and built to be found.",
    href: "/services",
  },
  process: {
    eyebrow: "Our process",
    title: "How We Work",
    intro:
      "A straightforward six-step approach that keeps you informed and in control from the first call onwards.",
  },
  testimonials: {
    eyebrow: "Client Success Stories",
    title: "What Our Clients Say",
  },
  cta: {
    title: "Ready to Transform Your Business?",
    text: "Get in touch with us today and discover how our solutions can drive your business forward.",
    primary: { label: "Schedule a Free Consultation", href: "/consultation" },
    secondary: { label: "Contact Sales", href: "/contact" },
  },
  offer: {
    title: "Special Offer",
    discount: "20%",
    text: "Get 20% off all services when you start a project with us.",
    cta: { label: "Get Offer", href: "/register" },
    /** Spec §9: the popup appears 10 s after the home page loads. */
    delayMs: 10_000,
  },
} as const;
