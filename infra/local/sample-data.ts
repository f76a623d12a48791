import type { Cottage, Safari, StayPackage, StayType } from '../../shared/catalogue.ts';
import type { PricingRule } from '../../shared/pricing-rules.ts';

/**
 * The resort as a fresh local install shows it: the three villa types of
 * docs/product.md#the-resort-and-its-catalogue (sampleStayTypes, below), one unit each but
 * Kingfisher's three (sampleExtraUnits), so that two rooms can be booked.
 */
const firstUnits: Cottage[] = [
  {
    id: 'hornbill-1',
    name: 'Hornbill Villa',
    type: 'hornbill-villa',
    description: 'A teak-floored villa raised among the fig trees where great hornbills feed at dawn, with a wide verandah over the valley.',
    base_price: 18000,
    max_guests: 6,
    size_sqft: 1200,
    amenities: ['King Bed', 'Air Conditioning', 'Forest View', 'Private Verandah', 'WiFi', 'Rain Shower', 'Mini Bar', 'Pool Access'],
    images: ['/images/villas/hornbill-villa.svg'],
    status: 'active',
  },
  {
    id: 'kingfisher-1',
    name: 'Kingfisher Villa',
    type: 'kingfisher-villa',
    description: 'A cosy stream-side villa for up to four, where kingfishers dive past the reading nook and the river sings you to sleep.',
    base_price: 15000,
    max_guests: 4,
    size_sqft: 900,
    amenities: ['Queen Bed', 'Air Conditioning', 'River View', 'Reading Nook', 'WiFi', 'Tea & Coffee', 'Outdoor Shower', 'Garden Deck'],
    images: ['/images/villas/kingfisher-villa.svg'],
    status: 'active',
  },
  {
    id: 'glass-1',
    name: 'Glass Cottage',
    type: 'glass-cottage',
    description: 'Floor-to-ceiling glass under the canopy: watch the forest from bed by day and the stars by night. Sleeps eight across two levels.',
    base_price: 25000,
    max_guests: 8,
    size_sqft: 1500,
    amenities: ['Two King Beds', 'Climate Control', 'Canopy View', 'Plunge Pool', 'WiFi', 'Stargazing Deck', 'Kitchenette', 'Butler Service'],
    images: ['/images/villas/glass-cottage.svg'],
    status: 'active',
  },
];

/** Each villa type is its first unit's card, price and capacity. */
export const sampleStayTypes: StayType[] = firstUnits.map((unit) => ({
  id: unit.type,
  name: unit.name,
  description: unit.description,
  base_price: unit.base_price,
  max_guests: unit.max_guests,
  size_sqft: unit.size_sqft,
  amenities: unit.amenities,
  images: unit.images,
  status: 'active',
}));

const kingfisher = firstUnits.find((unit) => unit.id === 'kingfisher-1') as Cottage;

/** Kingfisher Villa's other two units. */
export const sampleExtraUnits: Cottage[] = [2, 3].map((n) => ({ ...kingfisher, id: `kingfisher-${n}`, name: `Kingfisher Villa ${n}` }));

export const sampleCottages: Cottage[] = [...firstUnits, ...sampleExtraUnits];

export const samplePackages: StayPackage[] = [
  {
    id: 'forest-retreat',
    name: 'Forest Retreat',
    type: 'accommodation',
    category: 'standard',
    description: 'Your villa with breakfast and a guided nature walk: the simplest way to slow down in the forest.',
    price_multiplier: 1,
    includes_safari: false,
    max_safaris: 0,
    min_guests: 1,
    max_guests: 8,
    duration: '2 Days / 1 Night',
    includes: ['Breakfast', 'Guided nature walk', 'Welcome drink'],
    is_active: true,
  },
  {
    id: 'family-getaway',
    name: 'Family Getaway',
    type: 'accommodation',
    category: 'family',
    description: 'All meals, a junior naturalist trail for the children and a bonfire evening for everyone.',
    price_multiplier: 1.2,
    includes_safari: false,
    max_safaris: 0,
    min_guests: 2,
    max_guests: 8,
    duration: '2 Days / 1 Night',
    includes: ['All meals', 'Junior naturalist trail', 'Bonfire evening'],
    is_active: true,
  },
  {
    id: 'honeymoon-escape',
    name: 'Honeymoon Escape',
    type: 'wellness',
    category: 'romance',
    description: 'A candle-lit dinner under the trees, a couples spa ritual and breakfast in bed.',
    price_multiplier: 1.3,
    includes_safari: false,
    max_safaris: 0,
    min_guests: 2,
    max_guests: 2,
    duration: '2 Days / 1 Night',
    includes: ['Candle-lit forest dinner', 'Couples spa ritual', 'Breakfast in bed'],
    is_active: true,
  },
  {
    id: 'safari-adventure',
    name: 'Safari Adventure',
    type: 'safari',
    category: 'adventure',
    description: 'For wildlife lovers: all meals, a naturalist host and three safaris through the reserve, included.',
    price_multiplier: 1.5,
    includes_safari: true,
    max_safaris: 3,
    min_guests: 1,
    max_guests: 6,
    duration: '3 Days / 2 Nights',
    includes: ['All meals', 'Naturalist host', '3 safaris included', 'Binoculars and field guide'],
    is_active: true,
  },
];

export const sampleSafaris: Safari[] = [
  {
    id: 'morning-jeep-safari',
    name: 'Morning Jeep Safari',
    category: 'morning',
    description: 'Open jeeps into the core zone at first light, when tigers and leopards are most often seen.',
    price: 750,
    duration: '3 hours',
    max_guests: 6,
    seats_per_slot: 12,
    includes: ['Open jeep', 'Naturalist guide', 'Park entry'],
    highlights: ['Tiger and leopard territory', 'Dawn birdsong'],
    time_slots: ['06:00-09:00', '07:00-10:00'],
    meeting_point: 'Safari desk by the main gate',
    is_active: true,
  },
  {
    id: 'evening-jungle-safari',
    name: 'Evening Jungle Safari',
    category: 'evening',
    description: 'Golden-hour drive to the waterholes where elephants and gaur come to drink.',
    price: 900,
    duration: '3 hours',
    max_guests: 6,
    seats_per_slot: 12,
    includes: ['Open jeep', 'Naturalist guide', 'Park entry', 'Sundowner tea'],
    highlights: ['Elephant herds at the waterhole', 'Sunset over the reserve'],
    time_slots: ['16:00-19:00'],
    meeting_point: 'Safari desk by the main gate',
    is_active: true,
  },
  {
    id: 'night-trail-safari',
    name: 'Night Trail Safari',
    category: 'night',
    description: 'A guided walk on the buffer-zone trail with red-light torches: owls, civets and glow-worms.',
    price: 1200,
    duration: '2 hours',
    max_guests: 4,
    seats_per_slot: 8,
    includes: ['Red-light torches', 'Naturalist guide'],
    highlights: ['Owls and nightjars', 'Glow-worm clearing'],
    time_slots: ['20:00-22:00'],
    meeting_point: 'Reception porch (bring closed shoes)',
    is_active: true,
  },
];

/** Sample pricing rules: quotes show them when a stay falls in their dates. */
export const samplePricingRules: PricingRule[] = [
  {
    id: 'monsoon-escape-2027',
    service_name: 'Monsoon Escape',
    service_type: 'cottage',
    currency: 'INR',
    season: 'monsoon',
    discount_percentage: 15,
    valid_from: '2027-06-15',
    valid_until: '2027-09-30',
    min_stay: 2,
    max_stay: 30,
    description: 'The forest at its greenest: 15% off villa nights for stays of two nights or more.',
    status: 'seasonal',
  },
  {
    id: 'long-stay',
    service_name: 'Long Stay',
    service_type: 'cottage',
    currency: 'INR',
    season: 'all-year',
    discount_percentage: 10,
    valid_from: '2026-01-01',
    valid_until: '2030-12-31',
    min_stay: 7,
    max_stay: 30,
    description: '10% off villa nights when you stay a week or longer.',
    status: 'promotional',
  },
];
