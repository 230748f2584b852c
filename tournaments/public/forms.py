"""The public sign-up form (issue 29). The rules of a name are the Player model's
(``events.names``); the form only says which field is missing or too long."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class SignupForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    reading = forms.CharField(
        label=_("Reading of your name (kana)"),
        max_length=100,
        help_text=_("As it sorts in the lists, e.g. やまだ たろう."),
    )
    club = forms.CharField(label=_("Club"), max_length=100, required=False)
    contact = forms.CharField(
        label=_("Contact (optional)"),
        max_length=200,
        required=False,
        help_text=_("An e-mail address or a phone number; only the organizer sees it."),
    )
    # The honeypot: never shown (display: none), so nobody sees or tabs to it; filled in by
    # form-filling robots. A sign-up that fills it is refused.
    website = forms.CharField(label=_("Leave this field empty"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].widget.attrs.update({"autocomplete": "name"})
        self.fields["contact"].widget.attrs.update({"autocomplete": "email"})

    def clean(self):
        data = super().clean()
        if data.get("website"):
            # Said where a person sees it: an autofill may have filled the hidden field
            # (the page shows it empty again, so sending the form once more works).
            raise forms.ValidationError(
                _(
                    "The sign-up was refused: a field that must stay empty was filled in "
                    "(perhaps by your browser's autofill). Please send the form again."
                )
            )
        return data
