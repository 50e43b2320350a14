import { ImageIcon } from 'lucide-react';
import { useState } from 'react';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import styles from './Images.module.css';
import { fileUrl, PREVIEW_THUMB, rotationStyle, thumbUrl } from './preview.ts';

/**
 * One picture shown large and turned by `rotation`: the 150 px preview thumbnail stands in while the
 * file loads. A turned picture keeps inside the stage (its sides swap at 90 and 270 degrees).
 */
export function ImageStage({ item, rotation, tall }: { item: ItemReply; rotation: number; tall?: boolean }) {
  const [loaded, setLoaded] = useState<string | null>(null);
  const src = fileUrl(item);
  const placeholder = thumbUrl(item, PREVIEW_THUMB);
  const sideways = rotation === 90 || rotation === 270;
  return (
    <div className={[styles.stage, tall ? styles.stageTall : ''].join(' ')}>
      {src ? (
        <>
          {placeholder && loaded !== src ? (
            <img src={placeholder} alt="" className={styles.placeholder} style={rotationStyle(rotation)} />
          ) : null}
          <img
            key={src}
            src={src}
            alt={item.title || 'Image'}
            className={[styles.picture, sideways ? styles.sideways : ''].join(' ')}
            style={rotationStyle(rotation)}
            data-rotation={rotation}
            onLoad={() => setLoaded(src)}
          />
        </>
      ) : (
        <ImageIcon size={32} aria-hidden="true" className={styles.blank} />
      )}
    </div>
  );
}
