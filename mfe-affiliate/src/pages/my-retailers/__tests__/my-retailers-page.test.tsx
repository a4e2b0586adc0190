import { Suspense } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AffiliateRetailer } from '@portal/contracts';
import MyRetailersPage from '../my-retailers-page';
import { fetchMyRetailers } from '../my-retailers-api';

jest.mock('../my-retailers-api');

const retailer = (n: number): AffiliateRetailer => ({
  retailerId: `RET${String(n).padStart(3, '0')}`,
  faoName: 'Ngozi Obi',
  faoMobileNo: '8039876543',
  clusterManager: 'Kunle Ade',
  businessName: 'Mama Put Stores',
  location: 'Ikeja, Lagos',
});

function renderPage(url = '/affiliate/retailers') {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Suspense fallback={<p>loading…</p>}>
        <MyRetailersPage />
      </Suspense>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  jest.mocked(fetchMyRetailers).mockResolvedValue({
    results: [retailer(1), retailer(2)],
    totalCount: 2,
    pageNo: 1,
    pageSize: 25,
  });
});

describe('MyRetailersPage', () => {
  it("shows the spec's columns with Sr No", async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'My Retailers' });
    await within(table).findByText('RET001');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Sr No',
      'Retailer ID',
      'FAO Name',
      'FAO Mobile No.',
      'Cluster Manager',
      'Business Name',
      'Location',
    ]);
    const cells = within(within(table).getAllByRole('row')[2]).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '2',
      'RET002',
      'Ngozi Obi',
      '8039876543',
      'Kunle Ade',
      'Mama Put Stores',
      'Ikeja, Lagos',
    ]);
    // Each cell names its column, so a phone can show the row as label and value.
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual([
      'Sr No',
      'Retailer ID',
      'FAO Name',
      'FAO Mobile No.',
      'Cluster Manager',
      'Business Name',
      'Location',
    ]);
    expect(fetchMyRetailers).toHaveBeenCalledWith({ page: 1, search: '' }, expect.any(AbortSignal));
  });

  it('says when the network is empty, and when a search matches nothing', async () => {
    jest.mocked(fetchMyRetailers).mockResolvedValue({ results: [], totalCount: 0, pageNo: 1, pageSize: 25 });
    renderPage();
    expect(await screen.findByText('No retailers in your network yet.')).toBeTruthy();
  });

  it('offers Retry when the retailers cannot be loaded', async () => {
    jest.mocked(fetchMyRetailers).mockRejectedValueOnce(new Error('down'));
    renderPage('/affiliate/retailers?search=lagos');
    expect(await screen.findByText('Your retailers could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('RET001')).toBeTruthy();
    expect(fetchMyRetailers).toHaveBeenLastCalledWith({ page: 1, search: 'lagos' }, expect.any(AbortSignal));
  });
});
