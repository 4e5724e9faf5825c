// The print-component emulator arrives with its own issue ("Print component client and
// emulator"); until then this entry says so instead of failing obscurely.
console.error('The print-component emulator is not part of this build yet.');
process.exit(1);
