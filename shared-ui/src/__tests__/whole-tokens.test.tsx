import { render } from '@testing-library/react';
import { WholeTokens } from '../whole-tokens';

test('e-mail and IP addresses are kept on one line, the words around them wrap as usual', () => {
  const { container } = render(
    <WholeTokens text="Ada Obi-Eze (ada.obi-eze@retail.example.com) signed in from 102.89.34.7 today" />,
  );
  const whole = Array.from(container.querySelectorAll('span')).map((span) => [
    span.textContent,
    span.style.whiteSpace,
  ]);
  expect(whole).toEqual([
    ['ada.obi-eze@retail.example.com', 'nowrap'],
    ['102.89.34.7', 'nowrap'],
  ]);
  expect(container.textContent).toBe(
    'Ada Obi-Eze (ada.obi-eze@retail.example.com) signed in from 102.89.34.7 today',
  );
});
