import { useCallback, useEffect, useRef, useState } from 'react';
import { Texts } from '@portal/contracts/registration-start';
import { ThemedButton } from '@portal/shared-ui';
import styles from './register-page.module.css';

type Phase = 'idle' | 'opening' | 'live' | 'uploading';

export interface SelfieCaptureProps {
  /** The stored path of the uploaded selfie, '' until one is uploaded. */
  value: string;
  disabled: boolean;
  /** Uploads the captured PNG and resolves with the path the server stored it under. */
  upload: (file: File) => Promise<string>;
  onUploaded: (selfieImagePath: string) => void;
  error?: string;
}

/** Spec §4: the front camera's live preview, Capture, a PNG uploaded at once, then the preview and its name. */
export function SelfieCapture({ value, disabled, upload, onUploaded, error }: SelfieCaptureProps) {
  const [phase, setPhase] = useState<Phase>('idle');
  const [preview, setPreview] = useState<{ url: string; fileName: string } | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);

  const stopCamera = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  }, []);

  useEffect(() => stopCamera, [stopCamera]);

  useEffect(() => {
    if (!disabled) return;
    stopCamera();
    setPhase((current) => (current === 'uploading' ? current : 'idle'));
  }, [disabled, stopCamera]);

  // The form was reset: the old picture is no longer the one on file.
  useEffect(() => {
    if (!value && phase === 'idle') setPreview(null);
  }, [value, phase]);

  useEffect(() => {
    const url = preview?.url;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [preview]);

  useEffect(() => {
    const video = videoRef.current;
    if (phase !== 'live' || !video || !streamRef.current) return;
    video.srcObject = streamRef.current;
    video.play()?.catch((cause: unknown) => console.error('The camera preview could not start.', cause));
  }, [phase]);

  async function openCamera() {
    setPhase('opening');
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser gives no access to a camera.');
      streamRef.current = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
        audio: false,
      });
      setPhase('live');
    } catch (cause) {
      // Spec §8: a camera that cannot be opened is only logged; the button stays so the user can try again.
      console.error('The camera could not be opened.', cause);
      stopCamera();
      setPhase('idle');
    }
  }

  async function capture() {
    const video = videoRef.current;
    if (!video) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth || 640;
    canvas.height = video.videoHeight || 480;
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    stopCamera();
    if (!blob) {
      console.error('The camera picture could not be read.');
      setPhase('idle');
      return;
    }
    const file = new File([blob], selfieFileName(new Date()), { type: 'image/png' });
    setPhase('uploading');
    try {
      const path = await upload(file);
      setPreview({ url: URL.createObjectURL(file), fileName: file.name });
      onUploaded(path);
    } catch {
      // The HTTP client has already shown the server's message; the user can take another one.
    } finally {
      setPhase('idle');
    }
  }

  function cancel() {
    stopCamera();
    setPhase('idle');
  }

  const errorId = 'selfie-error';
  const live = phase === 'live';
  return (
    <div className={styles.field}>
      <span className={styles.label} id="selfie-label">
        Selfie
      </span>
      <div
        className={`${styles.selfieBox} ${error ? styles.invalidBox : ''}`}
        role="group"
        aria-labelledby="selfie-label"
        aria-describedby={`selfie-hint${error ? ` ${errorId}` : ''}`}
      >
        {live || phase === 'opening' ? (
          <video
            ref={videoRef}
            className={styles.selfieVideo}
            autoPlay
            playsInline
            muted
            aria-label="Camera preview"
          />
        ) : preview && value ? (
          <img className={styles.selfieImage} src={preview.url} alt="Your selfie" />
        ) : (
          <i className={`pi pi-user ${styles.selfiePlaceholder}`} aria-hidden="true" />
        )}
        <div className={styles.selfieActions}>
          {live ? (
            <>
              <ThemedButton icon="pi pi-camera" label="Capture" onClick={() => void capture()} />
              <ThemedButton label="Cancel" className="p-button-secondary p-button-text" onClick={cancel} />
            </>
          ) : (
            <ThemedButton
              icon="pi pi-camera"
              label={value ? 'Retake Selfie' : 'Take Selfie'}
              className="p-button-outlined"
              disabled={disabled || phase !== 'idle'}
              loading={phase === 'opening' || phase === 'uploading'}
              onClick={() => void openCamera()}
            />
          )}
        </div>
        {phase === 'uploading' && (
          <p className={styles.hint} role="status">
            Uploading selfie…
          </p>
        )}
        {preview && value && phase === 'idle' && (
          <p className={styles.uploaded} role="status">
            You Uploaded: {preview.fileName}
          </p>
        )}
        <p className={styles.hint} id="selfie-hint">
          {Texts.selfieHint}
        </p>
      </div>
      {error && (
        <small id={errorId} className={styles.error} role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

function selfieFileName(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  return `selfie-${stamp}.png`;
}
