import { render, screen } from '@testing-library/react';
import { RecentActivity } from '../recent-activity';

describe('RecentActivity', () => {
  it('colours Today blue, Yesterday green and other days grey (spec §2), the day as the server gives it', () => {
    render(
      <RecentActivity
        activities={[
          { title: 'KYC approved', description: 'AFF100001 Ada', activityOn: 'Today' },
          { title: 'KYC rejected', description: 'AFF100002 Bola', activityOn: 'yesterday' },
          { title: 'New KYC application', description: 'AFF100003 Chi', activityOn: '2025-06-11' },
        ]}
      />,
    );
    expect(screen.getByText('Today').className).toContain('today');
    expect(screen.getByText('yesterday').className).toContain('yesterday');
    expect(screen.getByText('2025-06-11').className).toContain('older');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'KYC approvedAFF100001 AdaToday',
      'KYC rejectedAFF100002 Bolayesterday',
      'New KYC applicationAFF100003 Chi2025-06-11',
    ]);
  });

  it('says so when there is none', () => {
    render(<RecentActivity activities={[]} />);
    expect(screen.getByText('No recent activity.')).toBeTruthy();
  });
});
