"""Account API: sign-up, token log-in (clients then send `Authorization: Token <key>`) and log-out."""

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import services
from api.fields import StrictCharField
from api.schema import error_responses


class RegisterApi(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []  # no session: sign-up needs no CSRF token from API clients

    class RegisterInputSerializer(serializers.Serializer):
        username = StrictCharField(max_length=150)
        password = StrictCharField(max_length=128, write_only=True, trim_whitespace=False)

    class RegisterOutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        username = StrictCharField()
        token = StrictCharField()

    @extend_schema(
        operation_id="auth_register",
        request=RegisterInputSerializer,
        responses={201: RegisterOutputSerializer, **error_responses(400)},
        auth=[],
        description="Create an account. Password rules are Django's validators; each failure has a stable code.",
    )
    def post(self, request):
        data = self.RegisterInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        user = services.user_register(**data.validated_data)
        # The new account's own token: no log-in step, so a log-in lock of the address cannot half-finish a sign-up.
        token = services.user_token(user=user)
        out = {"id": user.id, "username": user.username, "token": token}
        return Response(self.RegisterOutputSerializer(out).data, status=status.HTTP_201_CREATED)


class TokenObtainApi(APIView):
    permission_classes = [AllowAny]
    authentication_classes: list = []

    class TokenObtainInputSerializer(serializers.Serializer):
        username = StrictCharField(max_length=150)
        password = StrictCharField(max_length=128, write_only=True, trim_whitespace=False)

    @extend_schema(
        operation_id="auth_token",
        request=TokenObtainInputSerializer,
        responses={200: inline_serializer("Token", {"token": StrictCharField()}), **error_responses(400)},
        auth=[],
        description=(
            "Exchange a username and password for an API token. Repeated failures from one client address make that "
            "address wait, for that account and for all accounts, with growing delays (429 LOGIN_LOCKED with "
            "Retry-After); the account itself is never locked for its owner's other addresses."
        ),
    )
    def post(self, request):
        data = self.TokenObtainInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        token = services.token_obtain(**data.validated_data, request=request)  # LoginLocked, InvalidCredentials
        return Response({"token": token})


class LogoutApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="auth_logout",
        request=None,
        responses={204: None, **error_responses(401)},
        description=(
            "Revoke the API token: it stops working at once (every client holding it must log in again). Tokens "
            "also expire API_TOKEN_LIFETIME_SECONDS (30 days) after they were issued, however often they are used."
        ),
    )
    def post(self, request):
        services.token_revoke(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
