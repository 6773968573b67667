/** Shown one at a time while a guess is being scored (10 messages, some mention embeddings). */
export const waitingMessages = [
  'Turning your words into embeddings…',
  'Measuring how far your guess landed from the secret prompt…',
  'Consulting the neural oracle…',
  'Plotting your guess somewhere in embedding space…',
  'Comparing vibes with the original prompt…',
  'Asking the pixels what they remember…',
  'Crunching vectors — please hold…',
  'Your embeddings are being lovingly compared…',
  'Warming up the similarity engine…',
  'Reading between the brushstrokes…',
] as const;
