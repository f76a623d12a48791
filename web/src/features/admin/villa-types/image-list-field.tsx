import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { imageSrcSet } from '@shared/media';
import { ImageProblem, uploadImage } from './image-upload';
import './image-list-field.css';

type ImageListFieldProps = {
  id?: string;
  name?: string;
  /** The images' paths, one a line (the form holds every value as text). */
  value?: string;
  onChange?: (event: { target: { value: string } }) => void;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  /** Shrinks and uploads one photo (the real one by default). */
  upload?: (file: File) => Promise<string>;
};

const photoCount = (count: number) => `${count} photo${count === 1 ? '' : 's'}`;

export const WAIT_FOR_UPLOADS = 'Wait until the photos have uploaded, then save.';

/**
 * A villa type's photos: thumbnails in the order guests see them (the first is the card's), each
 * with Move earlier and Remove; Add photos shrinks and uploads the chosen files, saying what it is
 * doing and which photo failed, and why.
 */
export function ImageListField({ id, value = '', onChange, upload = uploadImage, ...aria }: ImageListFieldProps) {
  const images = value.split('\n').filter(Boolean);
  const [progress, setProgress] = useState<{ at: number; of: number }>();
  const [problems, setProblems] = useState<string[]>([]);
  const [done, setDone] = useState('');
  const input = useRef<HTMLInputElement>(null);
  // What the form holds now: a Remove or a Move during an upload is kept when it ends.
  const latest = useRef(images);
  useEffect(() => {
    latest.current = images;
  });
  const uploading = useRef(false);
  const set = (next: string[]) => onChange?.({ target: { value: next.join('\n') } });

  // Saving while photos upload would save the type without them: the form's submit is held here,
  // on the form itself, before React's handler (at the root) hears it.
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const hold = (event: Event) => {
      if (!uploading.current) return;
      event.preventDefault();
      event.stopPropagation();
      setProblems([WAIT_FOR_UPLOADS]);
    };
    form.addEventListener('submit', hold);
    return () => form.removeEventListener('submit', hold);
  }, []);

  async function add(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (!files.length) return;
    setProblems([]);
    setDone('');
    uploading.current = true;
    const added: string[] = [];
    const failed: string[] = [];
    // One at a time: a phone decodes one full-size photo at once, not ten.
    for (const [index, file] of files.entries()) {
      setProgress({ at: index + 1, of: files.length });
      try {
        added.push(await upload(file));
      } catch (caught) {
        failed.push(caught instanceof ImageProblem ? caught.message : `${file.name} could not be uploaded. Please try again.`);
      }
    }
    uploading.current = false;
    setProgress(undefined);
    setProblems(failed);
    if (added.length) {
      set([...latest.current, ...added]);
      setDone(`${photoCount(added.length)} added. Save the villa type to keep ${added.length === 1 ? 'it' : 'them'}.`);
    }
  }

  const move = (index: number) => set(images.map((image, at) => (at === index - 1 ? images[index] : at === index ? images[index - 1] : image) as string));

  return (
    <div className="image-list">
      {images.length ? (
        <ol className="image-list__items">
          {images.map((image, index) => (
            <li key={`${image}-${index}`} className="image-list__item">
              <img src={image} srcSet={imageSrcSet(image)} sizes="160px" alt={`Photo ${index + 1}`} width={160} height={90} loading="lazy" />
              {index === 0 ? <span className="image-list__badge">Card photo</span> : null}
              <div className="image-list__actions">
                {index > 0 ? (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => move(index)}
                    aria-label={`Move photo ${index + 1} earlier`}
                  >
                    Move earlier
                  </button>
                ) : null}
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => set(images.filter((_, at) => at !== index))}
                  aria-label={`Remove photo ${index + 1}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">No photos yet: guests see a placeholder.</p>
      )}
      <input
        ref={input}
        id={id}
        className="image-list__input"
        type="file"
        accept="image/*"
        multiple
        disabled={progress !== undefined}
        onChange={(event) => void add(event)}
        aria-describedby={aria['aria-describedby']}
        aria-invalid={aria['aria-invalid']}
      />
      <p role="status" className="image-list__status">
        {progress ? (progress.of === 1 ? 'Shrinking and uploading the photo…' : `Shrinking and uploading photo ${progress.at} of ${progress.of}…`) : done}
      </p>
      {problems.map((problem) => (
        <p key={problem} role="alert" className="field-error">
          {problem}
        </p>
      ))}
    </div>
  );
}
