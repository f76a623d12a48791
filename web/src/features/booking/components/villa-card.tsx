import type { Cottage } from '@shared/catalog';
import { formatCount, formatInr } from '@shared/money';

export function VillaCard({ cottage }: { cottage: Cottage }) {
  return (
    <article className="villa-card" data-testid="villa-card" aria-labelledby={`villa-${cottage.id}`}>
      <img className="villa-card__image" src={cottage.images[0]} alt={`${cottage.name} in the forest`} width={640} height={400} loading="lazy" />
      <div className="villa-card__body">
        <h3 id={`villa-${cottage.id}`}>{cottage.name}</h3>
        <p className="villa-card__price">
          <strong>{formatInr(cottage.base_price)}</strong> / night
        </p>
        <p className="villa-card__facts">
          Up to {cottage.max_guests} guests · {formatCount(cottage.size_sqft)} sq ft
        </p>
        <p>{cottage.description}</p>
        <ul className="villa-card__amenities" aria-label={`${cottage.name} amenities`}>
          {cottage.amenities.map((amenity) => (
            <li key={amenity}>{amenity}</li>
          ))}
        </ul>
      </div>
    </article>
  );
}
