import { Shuffle } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { gameErrorCodes, MAX_DISPLAY_NAME_LENGTH, MAX_PHONE_LENGTH, normalizePhoneNumber, phoneNumberProblem } from '@contracts/game.rules';
import { ApiRequestError } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { Button } from '@web/ui/button';
import { Dialog, DialogContent } from '@web/ui/dialog';
import { FieldMessage, Input, Label } from '@web/ui/input';
import { notifySuccess } from '@web/ui/toast';
import { generateName, useGenerateName } from '../api/generate-name';
import { useSaveProfile } from '../api/save-profile';

/** 'Choose Your Display Name': shown by START CHALLENGE when the player has no display name yet. */
export function DisplayNameDialog({
  open,
  onOpenChange,
  suggestedName,
  onSaved,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  suggestedName: string | null;
  onSaved: (displayName: string) => void;
  /** The button that opened it (START/NEW CHALLENGE): focus goes back there when the dialog is dismissed. */
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* The form mounts with each opening, so it always starts from the current suggestion. */}
      {open ? (
        <DialogContent
          title="Choose Your Display Name"
          description="This is how you will appear on the leaderboard."
          returnFocus={returnFocus}
        >
          <DisplayNameForm suggestedName={suggestedName} onSaved={onSaved} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function DisplayNameForm({ suggestedName, onSaved }: { suggestedName: string | null; onSaved: (displayName: string) => void }) {
  const nameId = useId();
  const nameHintId = useId();
  const phoneId = useId();
  const phoneHintId = useId();
  const [name, setName] = useState(suggestedName ?? '');
  const [phone, setPhone] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  // A failure other than a refused name, said inside the dialog (a toast would sit behind its overlay, where a
  // screen reader does not reach and a tap cannot close it): the fixed title and message of docs/product.md.
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const touched = useRef(false);

  // No suggestion from the sign-in profile: offer a generated one straight away (silently; TRY ANOTHER reports failures).
  useEffect(() => {
    if (suggestedName) return;
    let cancelled = false;
    generateName()
      .then(({ displayName }) => {
        if (!cancelled && !touched.current) setName(displayName);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [suggestedName]);

  const generate = useGenerateName({
    onSuccess: (displayName) => {
      touched.current = true;
      setRefusal(null);
      setFailure(null);
      setName(displayName);
    },
  });
  const save = useSaveProfile();

  const trimmed = name.trim();
  const phoneProblem = phoneNumberProblem(phone);
  const valid = trimmed.length >= 1 && trimmed.length <= MAX_DISPLAY_NAME_LENGTH && !phoneProblem;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!valid || save.isPending) return;
    setFailure(null);
    const phoneNumber = normalizePhoneNumber(phone);
    // Call-level callbacks: they do not fire once the form has unmounted, so a dialog dismissed while the save is
    // in flight creates no game.
    save.mutate(
      { displayName: trimmed, ...(phoneNumber ? { phoneNumber } : {}) },
      {
        onSuccess: (_data, { displayName }) => {
          notifySuccess('Display name saved!', `Welcome, ${displayName}!`);
          onSaved(displayName);
        },
        onError: (error) => {
          // A refused name says why under the field; any other failure, the fixed words above the buttons.
          const refused = error instanceof ApiRequestError && error.code === gameErrorCodes.nameRefused;
          setRefusal(refused ? error.message : null);
          setFailure(refused ? null : { title: 'Error saving display name', message: 'Please try again.' });
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-5" noValidate>
      <div>
        <Label htmlFor={nameId}>Display Name</Label>
        <Input
          id={nameId}
          value={name}
          onChange={(event) => {
            touched.current = true;
            setRefusal(null);
            setName(event.target.value);
          }}
          maxLength={MAX_DISPLAY_NAME_LENGTH}
          autoComplete="nickname"
          autoCapitalize="words"
          spellCheck={false}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={nameHintId}
          required
        />
        <div id={nameHintId}>
          {refusal ? <FieldMessage error>{refusal}</FieldMessage> : null}
          <FieldMessage className="tabular-nums">
            {name.length}/{MAX_DISPLAY_NAME_LENGTH} characters
          </FieldMessage>
        </div>
      </div>

      <div>
        <Label htmlFor={phoneId}>
          Phone Number <span className="font-normal text-muted">(optional)</span>
        </Label>
        <Input
          id={phoneId}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
          placeholder="+1 555 123 4567"
          maxLength={MAX_PHONE_LENGTH}
          aria-invalid={phoneProblem ? true : undefined}
          aria-describedby={phoneHintId}
        />
        <div id={phoneHintId}>
          {phoneProblem ? <FieldMessage error>{phoneProblem}</FieldMessage> : null}
          <FieldMessage>Only used to contact you if you win the challenge</FieldMessage>
        </div>
      </div>

      {failure ? (
        <div role="alert" className="rounded-xl border border-danger/40 bg-danger/10 px-3 py-2 text-sm">
          <p className="font-semibold text-danger">{failure.title}</p>
          <p className="text-ink">{failure.message}</p>
        </div>
      ) : null}

      <div className="grid grid-cols-2 gap-3">
        <Button
          variant="outline"
          size="lg-tight"
          tracking="normal"
          className="whitespace-nowrap"
          onClick={() =>
            generate.mutate(undefined, {
              onError: () => setFailure({ title: 'Error generating name', message: 'Please try again or enter a custom name.' }),
            })
          }
          disabled={generate.isPending || save.isPending}
        >
          <Shuffle className={cn('size-4 shrink-0', generate.isPending && 'animate-spin')} aria-hidden />
          TRY ANOTHER
        </Button>
        <Button type="submit" size="lg-tight" tracking="normal" disabled={!valid || save.isPending}>
          CONFIRM
        </Button>
      </div>
    </form>
  );
}
