/** A neutral, decorative avatar (no photographs of real people). */
export function GenericAvatar() {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false" className="shrink-0">
      <circle cx="24" cy="24" r="24" fill="#dbeafe" />
      <circle cx="24" cy="19" r="8" fill="#1e40af" opacity="0.85" />
      <path
        d="M9 41c2.8-7 8.4-10.5 15-10.5S36.2 34 39 41a23.9 23.9 0 0 1-30 0Z"
        fill="#1e40af"
        opacity="0.85"
      />
    </svg>
  );
}
