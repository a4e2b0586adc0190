import { useEffect, useState } from 'react';
import { AvatarImage } from '../default-avatar';
import { httpClient } from '../http-client';

export interface SelfieImageProps {
  /** Storage key of the selfie; null when none was stored. */
  fileUrl: string | null;
  alt: string;
  className?: string;
}

/**
 * The selfie through `GET media?fileUrl=` (it needs the bearer token, so it is fetched, not linked).
 * Any failure shows the default avatar and no error toast (spec §7).
 */
export function SelfieImage({ fileUrl, alt, className }: SelfieImageProps) {
  const [objectUrl, setObjectUrl] = useState<string | null>(null);

  useEffect(() => {
    setObjectUrl(null);
    if (!fileUrl) return undefined;
    let cancelled = false;
    let created: string | null = null;
    httpClient
      .get<Blob>('media', { params: { fileUrl }, responseType: 'blob', quiet: true })
      .then((response) => {
        if (cancelled) return;
        created = URL.createObjectURL(response.data);
        setObjectUrl(created);
      })
      .catch(() => {
        // The default avatar stays.
      });
    return () => {
      cancelled = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [fileUrl]);

  return <AvatarImage src={objectUrl} alt={alt} className={className} />;
}
