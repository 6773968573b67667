// A scoring worker that cannot start (as when a model file fails its check): it throws while loading.
throw new Error('this model cannot be loaded');
