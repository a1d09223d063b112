/** The icon the server draws when no image was uploaded (server/domains/mobile-app/mobile-app.icons.ts), for live previews. */
export function GeneratedIcon({ color, className }: { color: string; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden>
      <rect width="24" height="24" rx="5.3" fill={color} />
      <g transform="translate(5.28 5.28) scale(0.56)" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round">
        <path d="M2 10v3" />
        <path d="M6 6v11" />
        <path d="M10 3v18" />
        <path d="M14 8v7" />
        <path d="M18 5v13" />
        <path d="M22 10v3" />
      </g>
    </svg>
  );
}
