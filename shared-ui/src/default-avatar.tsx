import { useEffect, useState } from 'react';
import type { ImgHTMLAttributes } from 'react';

/** A neutral head-and-shoulders silhouette, used whenever there is no image (spec §9). */
export const DEFAULT_AVATAR_SRC =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#e2e8f0"/>' +
      '<circle cx="32" cy="25" r="12" fill="#94a3b8"/><path d="M10 60c2-13 11-20 22-20s20 7 22 20z" fill="#94a3b8"/></svg>',
  );

type AvatarImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src?: string | null;
  alt: string;
};

/** An image that falls back to the default avatar when it is missing or fails to load. */
export function AvatarImage({ src, alt, ...rest }: AvatarImageProps) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  return (
    <img
      {...rest}
      alt={alt}
      src={!src || failed ? DEFAULT_AVATAR_SRC : src}
      onError={() => setFailed(true)}
    />
  );
}
