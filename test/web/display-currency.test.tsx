import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CurrencySelect } from '@/components/currency-select';
import { PriceNote } from '@/components/price-note';
import { DISPLAY_CURRENCY_KEY, DISPLAY_RATES_KEY, resetDisplayCurrencyForTests, setDisplayRates } from '@/lib/display-currency';
import { formatInr } from '@shared/money';

const rates = { USD: 84, EUR: 91, GBP: 108 };

function Prices() {
  return (
    <>
      <CurrencySelect />
      <p data-testid="total">
        {formatInr(50_064)}
        <PriceNote rupees={50_064} />
      </p>
    </>
  );
}

beforeEach(() => {
  localStorage.clear();
  resetDisplayCurrencyForTests();
});

describe('the display currency selector', () => {
  it('offers INR alone until the stage’s rates arrive, then the stage’s currencies; INR adds nothing', () => {
    render(<Prices />);
    const select = screen.getByRole('combobox', { name: 'Show prices also in' }) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(['₹ INR']);
    act(() => setDisplayRates(rates));
    expect([...select.options].map((option) => option.value)).toEqual(['INR', 'EUR', 'GBP', 'USD']);
    expect(screen.getByTestId('total').textContent).toBe('₹50,064');
  });

  it("shows 'approx.' in the chosen currency beside the rupees, and keeps the choice and the rates for the next visit", async () => {
    setDisplayRates(rates);
    const { unmount } = render(<Prices />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show prices also in' }), 'USD');
    expect(screen.getByTestId('total').textContent).toBe('₹50,064 approx. $596');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show prices also in' }), 'EUR');
    expect(screen.getByTestId('total').textContent).toBe('₹50,064 approx. €550');
    expect(localStorage.getItem(DISPLAY_CURRENCY_KEY)).toBe('EUR');
    unmount();

    // The next visit, before /config.json has answered (or offline): the kept rates convert.
    resetDisplayCurrencyForTests();
    render(<Prices />);
    expect((screen.getByRole('combobox', { name: 'Show prices also in' }) as HTMLSelectElement).value).toBe('EUR');
    expect(screen.getByTestId('total').textContent).toBe('₹50,064 approx. €550');
  });

  it('falls back to INR when the stage no longer offers the chosen currency, and ignores damaged storage', () => {
    localStorage.setItem(DISPLAY_CURRENCY_KEY, 'GBP');
    localStorage.setItem(DISPLAY_RATES_KEY, JSON.stringify({ USD: 84 }));
    render(<Prices />);
    expect((screen.getByRole('combobox', { name: 'Show prices also in' }) as HTMLSelectElement).value).toBe('INR');
    expect(screen.getByTestId('total').textContent).toBe('₹50,064');
    act(() => setDisplayRates(rates));
    expect(screen.getByTestId('total').textContent).toBe('₹50,064 approx. £464');

    localStorage.setItem(DISPLAY_CURRENCY_KEY, '<script>');
    localStorage.setItem(DISPLAY_RATES_KEY, '{"USD": -3');
    resetDisplayCurrencyForTests();
    render(<Prices />);
    expect(screen.getAllByTestId('total').at(-1)?.textContent).toBe('₹50,064');
  });
});
