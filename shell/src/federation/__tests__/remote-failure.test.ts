import { RemoteUnavailableError } from '../init-federation';
import { describeRemoteFailure } from '../remote-failure';

jest.mock('@module-federation/enhanced/runtime', () => ({}));

const RUNTIME_MESSAGE =
  '[ Federation Runtime ]: Version 19.2.0 from shell of shared singleton module react does not satisfy the requirement of mfe_admin which needs ^99.0.0)';

describe('describeRemoteFailure', () => {
  it('names the module, the version the remote needs and the one the portal runs', () => {
    expect(describeRemoteFailure(new Error(RUNTIME_MESSAGE))).toBe(
      'mfe_admin needs react ^99.0.0, but the portal runs react 19.2.0: this part of the portal and the portal itself were deployed from versions that do not fit together.',
    );
  });

  it('finds the reason behind the error the section throws, and inside the unavailable-remote marker', () => {
    const marker = { id: 'mfe_admin/routes', error: new Error(RUNTIME_MESSAGE) };
    const thrown = new RemoteUnavailableError('mfe_admin', 'could not be loaded', { cause: marker });
    expect(describeRemoteFailure(thrown)).toContain('mfe_admin needs react ^99.0.0');
  });

  it('says nothing more for other failures, and stops on a cause that points back at itself', () => {
    expect(describeRemoteFailure(new Error('Loading chunk 42 failed'))).toBeUndefined();
    const looping: Error & { cause?: unknown } = new Error('loop');
    looping.cause = looping;
    expect(describeRemoteFailure(looping)).toBeUndefined();
    expect(describeRemoteFailure(undefined)).toBeUndefined();
  });
});
