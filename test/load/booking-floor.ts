import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * The floor of the bench's time to a booking: a stand-in guest site that holds every control the
 * scripted guest (test/e2e/support/guest-flow.ts and web-vitals.ts's fillGuestAndConfirm) finds and
 * taps, under the same names, each answering at once with no server, no framework and no network
 * after the page. The same script on the same throttled phone takes this long against it: what
 * Playwright's own actions (each one a round trip and a script in the throttled page) cost, which no
 * change to the site can remove. The bench reports the site's time against it.
 *
 * The calendar pages one month at a time from the resort's month, as the site's does on a phone, so
 * the script taps Next as often; days are named as the site names them ('January 9, 2027, ₹18,000
 * per night'). Nothing here is the product: it must only keep in step with the script, which
 * test/e2e/booking-floor.test.ts checks by running the script against it.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Booking floor</title>
</head>
<body>
<main id="app"></main>
<script>
const app = document.getElementById('app');
const today = new Date(Date.now() + 5.5 * 3600e3).toISOString().slice(0, 10);
const long = new Intl.DateTimeFormat('en-IN', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const iso = (date) => date.toISOString().slice(0, 10);
const state = { checkIn: '', checkOut: '' };
const el = (html) => { const holder = document.createElement('div'); holder.innerHTML = html; return holder.firstElementChild; };
const go = (step, html) => { history.pushState(null, '', '?step=' + step); app.innerHTML = html; };

function calendar() {
  let month = new Date(today.slice(0, 8) + '01T00:00:00Z');
  const dialog = el('<div role="dialog" aria-label="Select check-in date"><div class="days"></div><button type="button" class="next">Go to the Next Month</button></div>');
  const days = dialog.querySelector('.days');
  const show = () => {
    days.innerHTML = '';
    for (let day = new Date(month); day.getUTCMonth() === month.getUTCMonth(); day.setUTCDate(day.getUTCDate() + 1)) {
      const date = iso(day);
      const button = el('<button type="button"></button>');
      button.textContent = String(day.getUTCDate());
      button.setAttribute('aria-label', long.format(day) + ', ₹18,000 per night');
      button.onclick = () => {
        if (!state.checkIn) {
          state.checkIn = date;
          dialog.setAttribute('aria-label', 'Select check-out date');
        } else {
          state.checkOut = date;
          dialog.remove();
        }
      };
      days.append(button);
    }
  };
  dialog.querySelector('.next').onclick = () => {
    month = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
    show();
  };
  show();
  document.body.append(dialog);
}

function stepDates() {
  app.innerHTML = '<label><input type="radio" name="villa"> Hornbill Villa</label>' +
    '<button type="button" id="check-in">Check-in</button>' +
    '<label>Adults <select><option>1</option><option>2</option></select></label>' +
    '<button type="button" id="check">Check Availability</button><div id="result"></div>';
  app.querySelector('#check-in').onclick = calendar;
  app.querySelector('#check').onclick = () => {
    app.querySelector('#result').innerHTML = '<div data-testid="availability-result"><p data-testid="availability-status">Villa is available for your dates!</p>' +
      '<button type="button" id="proceed">Proceed to Package Selection</button></div>';
    app.querySelector('#proceed').onclick = stepPackages;
  };
}

function stepPackages() {
  go(2, '<article aria-label="Safari Adventure"><p>₹54,000 for your stay</p><button type="button">Reserve This Package</button></article>' +
    '<button type="button" id="continue">Continue to Safari Selection</button>');
  app.querySelector('#continue').onclick = stepSafaris;
}

function stepSafaris() {
  go(3, '<article aria-label="Morning Jeep Safari">' +
    '<label>Date <select><option value="">Choose</option><option value="' + state.checkIn + '">' + state.checkIn + '</option></select></label>' +
    '<label>Time slot <select><option value="">Choose</option><option value="06:00-09:00">6:00 am to 9:00 am · 8 seats left</option></select></label>' +
    '<label>Guests <select><option>1</option><option>2</option></select></label>' +
    '<button type="button" id="add">Add Safari</button></article><div id="chosen"></div>' +
    '<button type="button" id="continue">Continue with Safaris</button>');
  app.querySelector('#add').onclick = () => { app.querySelector('#chosen').innerHTML = '<button type="button">Remove Morning Jeep Safari</button>'; };
  app.querySelector('#continue').onclick = stepPayment;
}

function stepPayment() {
  go(4, '<div data-testid="final-quote">₹58,000</div>' +
    ['First name', 'Last name', 'Email', 'Phone number'].map((label) => '<label>' + label + ' <input></label>').join('') +
    '<label><input type="checkbox"> I accept the terms</label><button type="button" id="pay">Pay ₹58,000</button>');
  app.querySelector('#pay').onclick = () => {
    const checkout = el('<div role="dialog" aria-label="Test checkout"><button type="button">Pay ₹58,000 (test)</button></div>');
    checkout.querySelector('button').onclick = () => {
      checkout.remove();
      document.body.append(el('<div role="dialog" aria-label="Booking paid and confirmed"><p>Paid</p></div>'));
    };
    document.body.append(checkout);
  };
}

stepDates();
</script>
</body>
</html>`;

/** Serves the stand-in on a free port of 127.0.0.1 until `stop`. */
export async function startBookingFloor(): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(PAGE);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}
