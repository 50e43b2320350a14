import { useEffect, useState } from 'react';

/** The browser's voices; empty where it has none (Listen is then hidden) or no speech synthesis. */
export function useVoices(): SpeechSynthesisVoice[] {
  const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() => synth?.getVoices() ?? []);
  useEffect(() => {
    if (!synth) return;
    // Chromium lists its voices only after a first voiceschanged
    const update = () => setVoices(synth.getVoices());
    update();
    synth.addEventListener('voiceschanged', update);
    return () => synth.removeEventListener('voiceschanged', update);
  }, [synth]);
  return voices;
}
