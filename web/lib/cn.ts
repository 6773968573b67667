import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names (clsx). Nothing is merged: when two classes of one Tailwind utility group meet (px-4 and px-2),
 * the stylesheet's order decides, not the order here. So a primitive never lets a caller's className override what
 * it sets itself; it offers a prop (variant, size, padding…) instead. tailwind-merge did the merging before and cost
 * ~7 kB brotli in the entry chunk every page loads (docs/decisions/025).
 */
export const cn = (...inputs: ClassValue[]) => clsx(inputs);
