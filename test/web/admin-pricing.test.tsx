import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { toAdminCottage } from '@shared/admin-catalogue-cottages';
import { toAdminPackage } from '@shared/admin-catalogue-packages';
import { toAdminSafari } from '@shared/admin-catalogue-safaris';
import type { PricingRule } from '@shared/pricing-rule-schema';
import { sampleCottages, samplePackages, sampleSafaris, sampleStayTypes } from '../../infra/local/sample-data.ts';
import { toAdminStayType } from '@shared/admin-catalogue-stay-types';
import { saveAdminSession } from '@/lib/admin-session';
import PricingPage from '@/features/admin/pricing/pricing-page';
import { checkPricingForm, emptyPricingForm } from '@/features/admin/pricing/pricing-form';
import { fail, liveToken, ok, stubFetch } from './support/app-harness';

const rule = (overrides: Partial<PricingRule> = {}): PricingRule => ({
  id: 'rule-1',
  service_name: 'Monsoon Escape',
  service_type: 'cottage',
  applies_to: 'glass-cottage',
  base_price: 20000,
  currency: 'INR',
  season: 'monsoon',
  discount_percentage: 15,
  valid_from: '2027-06-15',
  valid_until: '2027-09-30',
  min_stay: 2,
  max_stay: 30,
  description: 'Fifteen per cent off.',
  status: 'seasonal',
  ...overrides,
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <PricingPage />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  saveAdminSession(liveToken(), { id: 'admin-1', name: 'Resort Admin', email: 'admin@forest-resort.local', role: 'admin' });
});

describe('Pricing Management table', () => {
  it('shows Base Price, and Final Price = base minus discount with a -N% badge only when discounted', async () => {
    stubFetch([
      {
        method: 'GET',
        path: /\/api\/admin\/pricing$/,
        answer: () =>
          ok([
            rule(),
            rule({ id: 'rule-2', service_name: 'Standard Rate', discount_percentage: 0, base_price: 12000 }),
            rule({ id: 'rule-3', service_name: 'Long Stay', base_price: undefined, discount_percentage: 10 }),
          ]),
      },
    ]);
    renderPage();
    expect(screen.getByRole('heading', { name: 'Pricing Management' })).toBeTruthy();
    const discounted = (await screen.findByText('Monsoon Escape')).closest('tr') as HTMLElement;
    expect(within(discounted).getByText('₹20,000')).toBeTruthy();
    expect(within(discounted).getByText('₹17,000')).toBeTruthy();
    expect(within(discounted).getByText('-15%')).toBeTruthy();
    expect(within(discounted).getByText('2-30 days')).toBeTruthy();
    expect(
      within(discounted).getByText((_, element) => element?.className === 'pricing__dates' && element.textContent === '2027-06-15 to 2027-09-30'),
    ).toBeTruthy();
    const plain = screen.getByText('Standard Rate').closest('tr') as HTMLElement;
    expect(within(plain).getAllByText('₹12,000')).toHaveLength(2);
    expect(within(plain).queryByText(/^-\d+%$/)).toBeNull();
    // A rule without a base price discounts the catalogue's own price.
    const catalogue = screen.getByText('Long Stay').closest('tr') as HTMLElement;
    expect(within(catalogue).getByText('10% off')).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent?.replace(/[▲▼↕]/g, '').trim());
    expect(headers).toEqual(['Service', 'Type', 'Base Price', 'Final Price', 'Season', 'Validity', 'Stay', 'Status', 'Actions']);
  });

  it("asks 'Are you sure you want to delete this pricing?' and removes the row", async () => {
    let rules = [rule()];
    const sent = stubFetch([
      { method: 'GET', path: /\/api\/admin\/pricing$/, answer: () => ok(rules) },
      {
        method: 'DELETE',
        path: /\/api\/admin\/pricing\/rule-1$/,
        answer: () => {
          rules = [];
          return ok({ id: 'rule-1', deleted: true });
        },
      },
    ]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Monsoon Escape' }));
    expect(screen.getByText(/Are you sure you want to delete this pricing\?/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete pricing' }));
    await waitFor(() => expect(screen.queryByText('Monsoon Escape')).toBeNull());
    expect(sent.some((request) => request.method === 'DELETE')).toBe(true);
  });
});

describe('pricing form rules', () => {
  it('required fields, discount 0-100 and stays of at least 1 day, with the defaults INR and all-year', () => {
    expect(emptyPricingForm).toMatchObject({ currency: 'INR', season: 'all-year' });
    const empty = checkPricingForm(emptyPricingForm);
    expect(empty.ok).toBe(false);
    if (!empty.ok)
      expect(empty.errors).toEqual({
        service_name: ['Service name is required'],
        base_price: ['Base price is required'],
        valid_from: ['Valid from date is required'],
        valid_until: ['Valid until date is required'],
        description: ['Description is required'],
      });
    const out = checkPricingForm({
      ...emptyPricingForm,
      service_name: 'X',
      base_price: '100',
      valid_from: '2027-01-10',
      valid_until: '2027-01-01',
      description: 'd',
      discount_percentage: '120',
      min_stay: '0',
    });
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.errors.discount_percentage).toEqual(['Discount must be between 0 and 100']);
      expect(out.errors.min_stay).toEqual(['Minimum stay must be at least 1 day']);
      expect(out.errors.valid_until).toEqual(['Valid until must not be before valid from']);
    }
    const good = checkPricingForm({
      ...emptyPricingForm,
      service_name: 'X',
      base_price: '100',
      valid_from: '2027-01-01',
      valid_until: '2027-01-10',
      description: 'd',
    });
    expect(good).toMatchObject({ ok: true, body: { base_price: 100, discount_percentage: 0, currency: 'INR', season: 'all-year', min_stay: 1 } });
  });

  it('shows each error under its field, keeps what was typed, and shows the server’s field messages', async () => {
    const sent = stubFetch([
      { method: 'GET', path: /\/api\/admin\/pricing$/, answer: () => ok([]) },
      {
        method: 'POST',
        path: /\/api\/admin\/pricing$/,
        answer: () => fail(400, 'Valid until must not be before valid from', { details: { valid_until: ['Valid until must not be before valid from'] } }),
      },
    ]);
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Add New Pricing' }));
    const form = screen.getByRole('form', { name: 'Add New Pricing' });
    await userEvent.type(within(form).getByLabelText('Service name *'), 'Winter Saver');
    await userEvent.clear(within(form).getByLabelText('Discount (%)'));
    await userEvent.type(within(form).getByLabelText('Discount (%)'), '150');
    await userEvent.click(within(form).getByRole('button', { name: 'Create Pricing' }));

    const discount = within(form).getByLabelText('Discount (%)');
    expect(discount.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(discount.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent).toBe('Discount must be between 0 and 100');
    expect(within(form).getByText('Base price is required')).toBeTruthy();
    expect(within(form).getByText('Description is required')).toBeTruthy();
    expect((within(form).getByLabelText('Service name *') as HTMLInputElement).value).toBe('Winter Saver');
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(0);

    // Fixed and sent: the server's message lands under its field.
    await userEvent.clear(discount);
    await userEvent.type(discount, '10');
    await userEvent.type(within(form).getByLabelText('Base price *'), '15000');
    await userEvent.type(within(form).getByLabelText('Valid from *'), '2027-01-01');
    await userEvent.type(within(form).getByLabelText('Valid until *'), '2027-02-01');
    await userEvent.type(within(form).getByLabelText('Description *'), 'Ten per cent off in winter.');
    await userEvent.click(within(form).getByRole('button', { name: 'Create Pricing' }));
    await waitFor(() => expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({
      service_name: 'Winter Saver',
      base_price: 15000,
      discount_percentage: 10,
      currency: 'INR',
      season: 'all-year',
    });
    expect(await within(form).findAllByText('Valid until must not be before valid from')).toHaveLength(2);
    expect(within(form).getByLabelText('Valid until *').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('what a rule applies to', () => {
  const catalogue = [
    { method: 'GET', path: /\/api\/cottages\/admin\/all$/, answer: () => ok(sampleCottages.map((cottage) => toAdminCottage(cottage))) },
    { method: 'GET', path: /\/api\/admin\/stay-types$/, answer: () => ok(sampleStayTypes.map((type) => toAdminStayType(type))) },
    { method: 'GET', path: /\/api\/packages\/admin\/all$/, answer: () => ok(samplePackages.map(toAdminPackage)) },
    { method: 'GET', path: /\/api\/safaris\/admin\/all$/, answer: () => ok(sampleSafaris.map(toAdminSafari)) },
  ];
  const optionsOf = (select: HTMLElement) =>
    within(select)
      .getAllByRole('option')
      .map((option) => [(option as HTMLOptionElement).value, option.textContent]);

  it('is picked from the catalogue of the service type (no free text), starts again at "every" when the type changes, and is sent as the id', async () => {
    const sent = stubFetch([
      { method: 'GET', path: /\/api\/admin\/pricing$/, answer: () => ok([]) },
      ...catalogue,
      {
        method: 'POST',
        path: /\/api\/admin\/pricing$/,
        answer: ({ body }) => ({ status: 201, body: { success: true, data: rule({ ...(body as object), id: 'rule-9' }) } }),
      },
    ]);
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Add New Pricing' }));
    const form = screen.getByRole('form', { name: 'Add New Pricing' });
    const appliesTo = within(form).getByLabelText('Applies to');
    expect(appliesTo.tagName).toBe('SELECT');
    // Villa types and every unit, as the quote matches a cottage rule.
    await waitFor(() => expect(optionsOf(appliesTo)).toContainEqual(['glass-1', 'Glass Cottage (one unit)']));
    expect(optionsOf(appliesTo).slice(0, 4)).toEqual([
      ['', 'Every cottage'],
      ['hornbill-villa', 'Hornbill Villa (every unit)'],
      ['kingfisher-villa', 'Kingfisher Villa (every unit)'],
      ['glass-cottage', 'Glass Cottage (every unit)'],
    ]);
    await userEvent.selectOptions(appliesTo, 'glass-1');

    await userEvent.selectOptions(within(form).getByLabelText('Service type'), 'package');
    expect((appliesTo as HTMLSelectElement).value).toBe('');
    await waitFor(() => expect(optionsOf(appliesTo)).toContainEqual(['safari-adventure', 'Safari Adventure']));
    expect(optionsOf(appliesTo).map(([value]) => value)).toEqual(['', ...samplePackages.map((stayPackage) => stayPackage.id)]);
    await userEvent.selectOptions(appliesTo, 'safari-adventure');

    await userEvent.type(within(form).getByLabelText('Service name *'), 'Safari Saver');
    await userEvent.type(within(form).getByLabelText('Base price *'), '15000');
    await userEvent.type(within(form).getByLabelText('Valid from *'), '2027-01-01');
    await userEvent.type(within(form).getByLabelText('Valid until *'), '2027-02-01');
    await userEvent.type(within(form).getByLabelText('Description *'), 'Off the safari package.');
    await userEvent.click(within(form).getByRole('button', { name: 'Create Pricing' }));
    await waitFor(() => expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(sent.find((request) => request.method === 'POST')?.body).toMatchObject({ service_type: 'package', applies_to: 'safari-adventure' });
  });

  it('names nothing on activity and meal rules, and keeps showing an item a saved rule names that is gone', async () => {
    stubFetch([{ method: 'GET', path: /\/api\/admin\/pricing$/, answer: () => ok([rule({ applies_to: 'retired-villa' })]) }, ...catalogue]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Monsoon Escape' }));
    const form = screen.getByRole('form', { name: 'Edit Pricing' });
    const appliesTo = within(form).getByLabelText('Applies to') as HTMLSelectElement;
    expect(appliesTo.value).toBe('retired-villa');
    await waitFor(() => expect(optionsOf(appliesTo)).toContainEqual(['retired-villa', 'retired-villa (not found)']));

    await userEvent.selectOptions(within(form).getByLabelText('Service type'), 'activity');
    expect(appliesTo.value).toBe('');
    expect(appliesTo.disabled).toBe(true);
    expect(optionsOf(appliesTo)).toEqual([['', 'Every activity']]);
  });
});
