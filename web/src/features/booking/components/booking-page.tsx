import { useCottages } from '../api/get-cottages';
import { VillaCard } from './villa-card';

const steps = ['Date & Accommodation Selection', 'Package Selection', 'Safari Selection', 'Payment and Confirmation'];

/** The guest booking wizard, at step 1: the resort's villas from the API. */
export function BookingPage() {
  const cottages = useCottages();
  const current = 1;

  return (
    <div className="site">
      <header className="site-header">
        <a className="site-header__brand" href="/">
          Forest Resort
        </a>
      </header>
      <main className="wizard">
        <h1>Select your dates at the resort</h1>
        <nav aria-label="Booking progress" className="progress">
          <div className="progress__bar">
            <div className="progress__fill" style={{ width: `${((current - 1) / 3) * 100}%` }} />
          </div>
          <ol className="progress__steps">
            {steps.map((name, index) => (
              <li
                key={name}
                className={index + 1 === current ? 'progress__step progress__step--active' : 'progress__step'}
                aria-current={index + 1 === current ? 'step' : undefined}
              >
                <span className="progress__number">{index + 1}</span>
                <span className="progress__name">{name}</span>
              </li>
            ))}
          </ol>
          <p className="progress__caption">
            Step {current} of 4: {steps[current - 1]}
          </p>
        </nav>

        <section aria-labelledby="villas-heading">
          <h2 id="villas-heading">Choose your villa</h2>
          {cottages.isPending && (
            <p role="status" className="muted">
              Loading villas...
            </p>
          )}
          {cottages.isError && (
            <div role="alert" className="alert alert--error">
              <p>{cottages.error.message}</p>
              <button type="button" onClick={() => void cottages.refetch()}>
                Retry
              </button>
            </div>
          )}
          {cottages.data && (
            <div className="villa-grid">
              {cottages.data.map((cottage) => (
                <VillaCard key={cottage.id} cottage={cottage} />
              ))}
            </div>
          )}
        </section>
      </main>
      <footer className="site-footer">
        <p>Check-in 2:00 PM · Check-out 11:00 AM · Free cancellation up to 48 hours before check-in</p>
      </footer>
    </div>
  );
}
