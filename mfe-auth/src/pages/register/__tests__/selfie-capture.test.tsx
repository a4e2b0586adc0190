import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SelfieCapture } from '../selfie-capture';

function Harness({
  upload,
  disabled = false,
}: {
  upload: (file: File) => Promise<string>;
  disabled?: boolean;
}) {
  const [path, setPath] = useState('');
  return (
    <>
      <SelfieCapture value={path} disabled={disabled} upload={upload} onUploaded={setPath} />
      <output data-testid="path">{path}</output>
    </>
  );
}

let getUserMedia: jest.Mock;
let stopTrack: jest.Mock;

beforeEach(() => {
  stopTrack = jest.fn();
  getUserMedia = jest.fn().mockResolvedValue({ getTracks: () => [{ stop: stopTrack }] });
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  jest
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockReturnValue({ drawImage: jest.fn() } as unknown as CanvasRenderingContext2D);
  jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function toBlob(callback) {
    callback(new Blob(['png'], { type: 'image/png' }));
  });
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:selfie'), revokeObjectURL: jest.fn() });
});
afterEach(() => jest.restoreAllMocks());

describe('SelfieCapture', () => {
  it('opens the front camera, captures a PNG, uploads it at once and shows it', async () => {
    const upload = jest.fn().mockResolvedValue('selfies/a1.png');
    render(<Harness upload={upload} />);
    expect(screen.getByText('PNG, JPG up to 5MB')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Take Selfie' }));
    expect(await screen.findByLabelText('Camera preview')).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledWith(
      expect.objectContaining({ video: expect.objectContaining({ facingMode: 'user' }) }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Capture' }));
    const uploaded = await screen.findByText(/^You Uploaded: selfie-\d{8}-\d{6}\.png$/);
    expect(uploaded).toBeTruthy();
    const file = upload.mock.calls[0][0] as File;
    expect(file.type).toBe('image/png');
    expect(uploaded.textContent).toBe(`You Uploaded: ${file.name}`);
    expect(screen.getByTestId('path').textContent).toBe('selfies/a1.png');
    expect(screen.getByAltText('Your selfie').getAttribute('src')).toBe('blob:selfie');
    expect(stopTrack).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Retake Selfie' })).toBeTruthy();
  });

  it('only logs a camera that cannot be opened, and lets the user try again', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    getUserMedia.mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'));
    render(<Harness upload={jest.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Take Selfie' }));
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('The camera could not be opened.', expect.any(DOMException)),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByLabelText('Camera preview')).toBeNull();

    const retry = screen.getByRole('button', { name: 'Take Selfie' });
    expect(retry.hasAttribute('disabled')).toBe(false);
    fireEvent.click(retry);
    expect(await screen.findByLabelText('Camera preview')).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('keeps no selfie when the upload is refused, so another can be taken', async () => {
    const upload = jest.fn().mockRejectedValue(new Error('413'));
    render(<Harness upload={upload} />);
    fireEvent.click(screen.getByRole('button', { name: 'Take Selfie' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Capture' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Take Selfie' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.queryByText(/You Uploaded/)).toBeNull();
    expect(screen.getByTestId('path').textContent).toBe('');
  });

  it('stops the camera when the step is locked again', async () => {
    const { rerender } = render(
      <SelfieCapture value="" disabled={false} upload={jest.fn()} onUploaded={jest.fn()} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Take Selfie' }));
    await screen.findByLabelText('Camera preview');
    rerender(<SelfieCapture value="" disabled upload={jest.fn()} onUploaded={jest.fn()} />);
    expect(stopTrack).toHaveBeenCalled();
    expect(screen.queryByLabelText('Camera preview')).toBeNull();
    expect(screen.getByRole('button', { name: 'Take Selfie' }).hasAttribute('disabled')).toBe(true);
  });
});
