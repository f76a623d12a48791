import { useEffect, useRef } from 'react';
import type { Cottage } from '@shared/catalogue';
import { CARD_IMAGE_SIZES, cardImage, imageSrcSet } from '@shared/media';
import { formatCount, formatInr } from '@shared/money';
import { PriceNote } from '@/components/price-note';
import { useT } from '@/i18n/i18n';

type StayKindCardProps = { cottage: Cottage; selected: boolean; invalid: boolean; onSelect: () => void };

/**
 * One villa as a choice: image, name, price per night, size and guests, description and its
 * amenity tiles. The whole card is the label of a radio button of the villa group.
 */
export function StayKindCard({ cottage, selected, invalid, onSelect }: StayKindCardProps) {
  const inputId = `villa-${cottage.type}`;
  const ref = useRef<HTMLElement>(null);
  const t = useT();
  // The chosen villa is always in sight: on a phone the cards scroll sideways, and a villa chosen
  // earlier (or restored with the session) could sit off to the right. The list scrolls, not the page.
  useEffect(() => {
    const card = ref.current;
    const list = card?.parentElement;
    if (!selected || !card || !list) return;
    const [shown, box] = [list.getBoundingClientRect(), card.getBoundingClientRect()];
    if (box.left >= shown.left && box.right <= shown.right) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    list.scrollBy({ left: box.left - shown.left - (shown.width - box.width) / 2, behavior: still ? 'auto' : 'smooth' });
  }, [selected]);
  const image = cardImage(cottage.images);
  return (
    <article
      ref={ref}
      className={`stay-kind-card${selected ? ' stay-kind-card--selected' : ''}`}
      data-testid="stay-kind-card"
      aria-labelledby={`${inputId}-name`}
    >
      <label htmlFor={inputId} className="stay-kind-card__label">
        <div className="stay-kind-card__media">
          <img
            className="stay-kind-card__image"
            src={image}
            srcSet={imageSrcSet(image)}
            sizes={CARD_IMAGE_SIZES}
            alt=""
            width={640}
            height={400}
            loading="eager"
            fetchPriority="high"
          />
          <span className="stay-kind-card__price">
            <strong>{formatInr(cottage.base_price)}</strong> {t('/ night')}
            <PriceNote rupees={cottage.base_price} />
          </span>
        </div>
        <div className="stay-kind-card__body">
          <div className="stay-kind-card__title-row">
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
          <p className="stay-kind-card__facts" id={`${inputId}-facts`}>
            {t('Up to {guests} guests · {size} sq ft', { guests: cottage.max_guests, size: formatCount(cottage.size_sqft) })}
          </p>
          <p className="stay-kind-card__description">{cottage.description}</p>
          <ul className="stay-kind-card__amenities" aria-label={t('{name} amenities', { name: cottage.name })}>
            {cottage.amenities.slice(0, 8).map((amenity) => (
              <li key={amenity}>{amenity}</li>
            ))}
          </ul>
        </div>
      </label>
    </article>
  );
}
