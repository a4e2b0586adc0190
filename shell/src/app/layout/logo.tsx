/** The portal's mark and name. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={className}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#2563eb" />
        <path d="M9 22.5 14.5 9h3L23 22.5h-3.2l-1.2-3.1h-5.2l-1.2 3.1zm5.3-5.8h3.4L16 12.2z" fill="#fff" />
      </svg>
      <span>Affiliate Portal</span>
    </span>
  );
}
