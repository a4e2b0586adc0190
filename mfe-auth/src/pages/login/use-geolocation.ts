import { useEffect, useRef } from 'react';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/**
 * Spec §3: latitude and longitude are read from the browser asynchronously and are usually missing.
 * The position lands in the ref whenever the browser answers; sign-in sends it only if it is there by then.
 */
export function useGeolocation() {
  const coordinates = useRef<Coordinates | null>(null);
  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return undefined;
    let active = true;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (active) coordinates.current = { latitude: coords.latitude, longitude: coords.longitude };
      },
      () => undefined, // Refused or unavailable: sign-in goes without a position.
      { enableHighAccuracy: false, maximumAge: 10 * 60_000, timeout: 15_000 },
    );
    return () => {
      active = false;
    };
  }, []);
  return coordinates;
}
