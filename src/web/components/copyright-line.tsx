/** The footer's copyright notice (the product shows a copyright line with the year 2025). */
export function CopyrightLine({ className }: { className?: string }) {
  return <p className={className}>© 2025 Rampart. All rights reserved.</p>;
}
