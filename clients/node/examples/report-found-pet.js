// Walks a "report a found pet" flow step by step to its payload and prints it.
// Run from a checkout: node report-found-pet.js (uses PETFLOWD, petflowd on PATH, or the
// repository's .build/release/petflowd).
import { PetFlowClient } from '../index.js';

// What the user enters on each step, as the controls hold it.
const ANSWERS = {
  photo: { photo: { uri: 'file:///photos/found-dog.jpg', mimeType: 'image/jpeg' } },
  petDetails: {
    disappearanceDate: '2025-05-30',
    animalSpecies: 'dog',
    animalGender: 'female',
    animalLatitude: '52.2297',
    animalLongitude: '21.0122',
    chipNumber: '98765-43210-98765',
    animalAge: '4',
    animalRace: 'Border collie',
  },
  contactDetails: { phone: '+48 600 700 800', email: 'finder@example.com' },
};

function show({ status, step, errors }) {
  console.log(step ? `[${status}] ${step.progress?.label ?? ''} ${step.title}` : `[${status}]`);
  for (const [field, error] of Object.entries(errors)) {
    console.log(`    ${field}: ${error.message} (${error.code})`);
  }
}

// A fixed today keeps the date rules (no dates in the future) giving the same answers.
const client = await PetFlowClient.spawn({ today: '2025-06-01' });
try {
  let snapshot = await client.start('reportFoundPet');
  show(snapshot);
  // Continue without a photo first: the step stays, with an error to show.
  snapshot = await client.next(snapshot.flowId);
  show(snapshot);
  for (let i = 0; i < Object.keys(ANSWERS).length && snapshot.status === 'active'; i++) {
    snapshot = await client.next(snapshot.flowId, ANSWERS[snapshot.step.id]);
    show(snapshot);
  }
  if (!snapshot.payload) throw new Error('the flow was not submitted');
  console.log('payload:');
  console.log(JSON.stringify(snapshot.payload, null, 2));
} finally {
  await client.close();
}
