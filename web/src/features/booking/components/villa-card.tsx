import type { Cottage } from '@shared/catalog';
import { formatCount, formatInr } from '@shared/money';
import { PriceNote } from '@/components/price-note';

type VillaCardProps = { cottage: Cottage; selected: boolean; invalid: boolean; onSelect: () => void };

/**
 * One villa as a choice: image, name, price per night, size and guests, description and its
 * amenity tiles. The whole card is the label of a radio button of the villa group.
 */
export function VillaCard({ cottage, selected, invalid, onSelect }: VillaCardProps) {
  const inputId = `villa-${cottage.type}`;
  return (
    <article className={`villa-card${selected ? ' villa-card--selected' : ''}`} data-testid="villa-card" aria-labelledby={`${inputId}-name`}>
      <label htmlFor={inputId} className="villa-card__label">
        <div className="villa-card__media">
          <img
            className="villa-card__image"
            src={cottage.images[0] ?? `/images/villas/${cottage.type}.svg`}
            alt=""
            width={640}
            height={400}
            loading="eager"
            fetchPriority="high"
          />
          <span className="villa-card__price">
            <strong>{formatInr(cottage.base_price)}</strong> / night
            <PriceNote rupees={cottage.base_price} />
          </span>
        </div>
        <div className="villa-card__body">
          <div className="villa-card__title-row">
            <input
              id={inputId}
              type="radio"
              name="cottage"
              value={cottage.type}
              checked={selected}
              aria-labelledby={`${inputId}-name`}
              aria-describedby={invalid ? 'cottage-error' : `${inputId}-facts`}
              aria-invalid={invalid || undefined}
              onChange={onSelect}
            />
            <h3 id={`${inputId}-name`}>{cottage.name}</h3>
          </div>
          <p className="villa-card__facts" id={`${inputId}-facts`}>
            Up to {cottage.max_guests} guests · {formatCount(cottage.size_sqft)} sq ft
          </p>
          <p className="villa-card__description">{cottage.description}</p>
          <ul className="villa-card__amenities" aria-label={`${cottage.name} amenities`}>
            {cottage.amenities.slice(0, 8).map((amenity) => (
              <li key={amenity}>{amenity}</li>
            ))}
          </ul>
        </div>
      </label>
    </article>
  );
}
