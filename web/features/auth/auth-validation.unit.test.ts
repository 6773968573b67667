import { describe, expect, it } from 'vitest';
import { authErrorMessage, emailError, passwordError } from './auth-validation';

describe('auth validation', () => {
  it('requires a well-formed e-mail', () => {
    expect(emailError('')).toBe('Email is required');
    expect(emailError('   ')).toBe('Email is required');
    expect(emailError('player')).toBe('Please enter a valid email address');
    expect(emailError('player@host')).toBe('Please enter a valid email address');
    expect(emailError('pla yer@host.io')).toBe('Please enter a valid email address');
    expect(emailError(' player@host.io ')).toBeUndefined();
  });

  it('requires a password of at least 6 characters', () => {
    expect(passwordError('')).toBe('Password is required');
    expect(passwordError('12345')).toBe('Password must be at least 6 characters');
    expect(passwordError('123456')).toBeUndefined();
  });

  it('always has a message to show', () => {
    expect(authErrorMessage({ message: 'Invalid email or password' })).toBe('Invalid email or password');
    expect(authErrorMessage({ statusText: 'Bad Request' })).toBe('Bad Request');
    expect(authErrorMessage({ status: 429, message: '' })).toMatch(/Too many attempts/);
    expect(authErrorMessage(null)).toBe('Something went wrong. Please try again.');
  });
});
