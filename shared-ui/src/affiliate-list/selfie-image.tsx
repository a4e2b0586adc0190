import { useEffect, useState } from 'react';
import { AvatarImage } from '../default-avatar';
import { MediaEndpoints } from '@portal/contracts';
import { useLoad } from '../data/use-load';
import { callEndpoint } from '../http-client';

export interface SelfieImageProps {
  /** Storage key of the selfie; null when none was stored. */
  fileUrl: string | null;
  alt: string;
  className?: string;
}

/**
 * The selfie through `GET media?fileUrl=` (it needs the bearer token, so it is fetched, not linked).
 * While loading, and on any failure, the default avatar shows, with no error toast (spec §7).
 */
export function SelfieImage({ fileUrl, alt, className }: SelfieImageProps) {
  const loaded = useLoad(
    async (signal) =>
      fileUrl
        ? ((await callEndpoint(
            MediaEndpoints.file,
            { query: { fileUrl } },
            { responseType: 'blob', quiet: true, signal },
          )) as Blob)
        : null,
    [fileUrl],
  );
  const selfie = loaded.state === 'ready' ? loaded.data : null;
  const [objectUrl, setObjectUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!selfie) {
      setObjectUrl(null);
      return undefined;
    }
    const created = URL.createObjectURL(selfie);
    setObjectUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [selfie]);

  return <AvatarImage src={objectUrl} alt={alt} className={className} />;
}
