import { fireEvent, render, screen } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from '@/components/dialog';

/** Rendered after the dialog: its layout effect runs after the dialog's, in the same commit. */
function SeenInTheSameCommit({ onSeen }: { onSeen: (open: boolean | undefined) => void }) {
  useLayoutEffect(() => {
    onSeen(document.querySelector('dialog')?.hasAttribute('open'));
  });
  return null;
}

function Page({ onSeen }: { onSeen: (open: boolean | undefined) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog open={open} title="Secure checkout" onClose={() => setOpen(false)}>
        <p>Amount to pay</p>
      </Dialog>
      {open && <SeenInTheSameCommit onSeen={onSeen} />}
    </>
  );
}

describe('Dialog', () => {
  it('is open in the commit that renders its content, not a frame later', () => {
    // Prepare
    const seen: Array<boolean | undefined> = [];
    render(<Page onSeen={(open) => seen.push(open)} />);
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    // Assess: by the end of the commit that rendered it, the dialog was shown (showModal, which sets `open`)
    expect(seen[0]).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Secure checkout' }).textContent).toContain('Amount to pay');
  });
});
