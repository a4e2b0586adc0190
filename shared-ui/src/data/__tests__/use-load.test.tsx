import { act, renderHook, waitFor } from '@testing-library/react';
import { useLoad } from '../use-load';

/** A promise the test settles by hand, and the signal its load was given. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useLoad', () => {
  it('goes from loading to ready with the answer', async () => {
    const { result } = renderHook(() => useLoad(async () => 'profile', []));
    expect(result.current.state).toBe('loading');
    await waitFor(() => expect(result.current.state).toBe('ready'));
    expect(result.current.data).toBe('profile');
  });

  it('goes to error with what the loader threw, and reload() tries again', async () => {
    const load = jest.fn<Promise<string>, [AbortSignal]>();
    load.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('back');
    const { result } = renderHook(() => useLoad(load, []));
    await waitFor(() => expect(result.current.state).toBe('error'));
    expect((result.current.error as Error).message).toBe('down');
    act(() => result.current.reload());
    expect(result.current.state).toBe('loading');
    await waitFor(() => expect(result.current.state).toBe('ready'));
    expect(result.current.data).toBe('back');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('cancels the previous run when its inputs change, and ignores its late answer', async () => {
    const runs: { id: number; signal: AbortSignal; answer: ReturnType<typeof deferred<string>> }[] = [];
    const { result, rerender } = renderHook(
      ({ id }) =>
        useLoad((signal) => {
          const answer = deferred<string>();
          runs.push({ id, signal, answer });
          return answer.promise;
        }, [id]),
      { initialProps: { id: 1 } },
    );
    rerender({ id: 2 });
    const first = runs.find((run) => run.id === 1)!;
    const last = runs[runs.length - 1];
    expect(first.signal.aborted).toBe(true);
    expect(last.signal.aborted).toBe(false);
    await act(async () => first.answer.resolve('affiliate 1'));
    expect(result.current.state).toBe('loading');
    await act(async () => last.answer.resolve('affiliate 2'));
    expect(result.current.data).toBe('affiliate 2');
  });

  it('cancels on unmount', () => {
    const signals: AbortSignal[] = [];
    const { unmount } = renderHook(() =>
      useLoad((signal) => {
        signals.push(signal);
        return new Promise<never>(() => undefined);
      }, []),
    );
    unmount();
    expect(signals.every((signal) => signal.aborted)).toBe(true);
  });

  it('keeps the data while reloading, but not for new inputs unless asked', async () => {
    const { result, rerender } = renderHook(
      ({ id, keep }) => useLoad(async () => `affiliate ${id}`, [id], { keepPreviousData: keep }),
      { initialProps: { id: 1, keep: false } },
    );
    await waitFor(() => expect(result.current.data).toBe('affiliate 1'));
    act(() => result.current.reload());
    expect(result.current).toMatchObject({ state: 'loading', data: 'affiliate 1' });
    await waitFor(() => expect(result.current.state).toBe('ready'));
    rerender({ id: 2, keep: false });
    expect(result.current).toMatchObject({ state: 'loading', data: undefined });
    await waitFor(() => expect(result.current.data).toBe('affiliate 2'));
  });

  it('loads nothing while disabled', () => {
    const load = jest.fn(async () => 'x');
    const { result } = renderHook(() => useLoad(load, [], { enabled: false }));
    expect(load).not.toHaveBeenCalled();
    expect(result.current.state).toBe('loading');
  });
});
