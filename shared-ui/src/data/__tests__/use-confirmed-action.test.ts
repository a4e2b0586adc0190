import { act, renderHook } from '@testing-library/react';
import { notify } from '../../toasts';
import { useConfirmedAction } from '../use-confirmed-action';

jest.mock('../../toasts', () => ({ notify: { success: jest.fn() } }));

test('Yes runs the action on the item asked about, toasts, closes the question and reloads', async () => {
  const run = jest.fn().mockResolvedValue(undefined);
  const after = jest.fn();
  const { result } = renderHook(() => useConfirmedAction<{ id: number }>(run, 'Deleted successfully.', after));
  act(() => result.current.ask({ id: 7 }));
  expect(result.current.asking).toEqual({ id: 7 });
  await act(() => result.current.confirm());
  expect(run).toHaveBeenCalledWith({ id: 7 });
  expect(notify.success).toHaveBeenCalledWith('Deleted successfully.');
  expect(result.current.asking).toBeNull();
  expect(result.current.busy).toBe(false);
  expect(after).toHaveBeenCalledTimes(1);
});

test('a refused action leaves the question open and the list as it is; No asks nothing', async () => {
  const run = jest.fn().mockRejectedValue(new Error('refused'));
  const after = jest.fn();
  const { result } = renderHook(() => useConfirmedAction<string>(run, 'done', after));
  act(() => result.current.ask('a'));
  await act(() => result.current.confirm());
  expect(result.current.asking).toBe('a');
  expect(result.current.busy).toBe(false);
  expect(after).not.toHaveBeenCalled();
  act(() => result.current.cancel());
  expect(result.current.asking).toBeNull();
  await act(() => result.current.confirm());
  expect(run).toHaveBeenCalledTimes(1);
});
