/** The resort's front desk, shown where a guest may need a person (the failure dialog, the manage page). */
export const frontDesk = { phone: '+91 80 4000 1234', href: 'tel:+918040001234' } as const;
