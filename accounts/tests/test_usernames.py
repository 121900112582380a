"""Look-alike usernames are refused at sign-up (accounts/usernames.py; issue finding: `аlice` with a Cyrillic а
registered beside `alice`): a name mixing scripts (Latin with Japanese is not mixing), or one whose skeleton (NFKC,
case-folded, confusable letters replaced by their Latin look-alike) is a taken name's. A VALIDATION_ERROR whose field
code says which."""

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from accounts import services
from accounts.models import UsernameSkeleton
from accounts.tests.factories import PASSWORD
from accounts.usernames import username_mixes_scripts, username_skeleton

TAKEN = ["alice", "ace", "山田タロウ"]

CASES = [
    # (username, field code or None when it registers)
    pytest.param("аlice", "username_mixed_script", id="cyrillic-a-in-latin-alice"),
    pytest.param("Ꭺlice", "username_mixed_script", id="cherokee-a-in-latin-alice"),
    pytest.param("αlice", "username_mixed_script", id="greek-alpha-in-latin-alice"),
    pytest.param("асе", "username_confusable", id="all-cyrillic-ace"),
    pytest.param("ＡＣＥ", "username_confusable", id="full-width-ace-looks-like-ace"),
    pytest.param("ALICE", "username_taken", id="another-case"),
    pytest.param("aIice", "username_confusable", id="capital-i-for-small-l"),
    pytest.param("a1ice", "username_confusable", id="digit-1-for-small-l"),
    pytest.param("AIICE", "username_confusable", id="capital-i-for-l-in-capitals"),
    pytest.param("аliсе2", "username_mixed_script", id="mixed-with-a-digit"),
    pytest.param("alice2", None, id="a-different-latin-name"),
    pytest.param("ゆうき_dm", None, id="hiragana-and-latin-mix-as-japanese"),
    pytest.param("山田タロウ2", None, id="han-and-katakana-mix-as-japanese"),
    pytest.param("иван", None, id="a-cyrillic-name-like-no-taken-one"),
]


@pytest.fixture
def taken(db):
    return [services.user_register(username=name, password=PASSWORD) for name in TAKEN]


@pytest.mark.parametrize(("username", "code"), CASES)
def test_look_alike_usernames_are_refused(taken, username, code):
    if code is None:
        user = services.user_register(username=username, password=PASSWORD)
        assert UsernameSkeleton.objects.get(user=user).skeleton == username_skeleton(username)
        return
    with pytest.raises(services.RegistrationRejected) as refused:
        services.user_register(username=username, password=PASSWORD)
    assert [e["code"] for e in refused.value.errors["username"]] == [code]
    assert get_user_model().objects.count() == len(TAKEN)


def test_the_api_answers_a_look_alike_with_its_field_code(taken):
    response = APIClient().post("/api/v1/auth/register/", {"username": "аlice", "password": PASSWORD}, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["code"], error["details"]["fields"]["username"][0]["code"]) == (
        "VALIDATION_ERROR",
        "username_mixed_script",
    )


def test_the_sign_up_page_refuses_a_look_alike(taken, client):
    response = client.post("/accounts/signup/", {"username": "асе", "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 200 and 'class="errorlist"' in response.content.decode()
    assert not get_user_model().objects.filter(username="асе").exists()


SKELETONS = [
    pytest.param("аlice", "a11ce", id="cyrillic-a"),
    pytest.param("ＰａｙＰａｌ", "paypa1", id="full-width"),
    pytest.param("aIice", "a11ce", id="capital-i-small-l-digit-1-one-glyph"),
    pytest.param("B0B", "b0b", id="capital-o-and-zero-one-glyph"),
    pytest.param("山田タロウ", "山田タロウ", id="japanese-unchanged"),
]


@pytest.mark.parametrize(("username", "skeleton"), SKELETONS)
def test_skeleton(username, skeleton):
    assert username_skeleton(username) == skeleton


@pytest.mark.parametrize(
    ("username", "mixed"),
    [
        pytest.param("alice_42", False, id="latin-and-common"),
        pytest.param("たろうTaro", False, id="hiragana-and-latin"),
        pytest.param("аlice", True, id="cyrillic-and-latin"),
    ],
)
def test_mixed_scripts(username, mixed):
    assert username_mixes_scripts(username) is mixed
